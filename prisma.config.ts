import { defineConfig } from "prisma/config";

// Only `prisma generate` runs here; migrations are applied by lib/server/migrate.ts.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "file:./data/nosh.db" },
});
