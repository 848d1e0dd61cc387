import { defineConfig } from "prisma/config";

// Only `prisma generate` runs here (prisma/generate.mjs); migrations are applied by
// lib/server/platform/migrate.ts. Where Prisma's engine can be downloaded, `prisma migrate deploy`
// with a postgresql:// DATABASE_URL uses the generated PostgreSQL schema and its migrations.
const postgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? "");

export default defineConfig({
  schema: postgres ? "lib/generated/postgresql/schema.prisma" : "prisma/schema.prisma",
  migrations: { path: postgres ? "prisma/postgresql/migrations" : "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "file:./data/nosh.db" },
});
