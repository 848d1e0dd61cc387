import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

// With TEST_DATABASE_URL=postgresql://… (`npm run test:postgres`) the integration tests run on
// PostgreSQL, except two that read SQLite files through better-sqlite3 and keep running on
// SQLite in test:unit: query-plans.test.ts (SQLite's EXPLAIN QUERY PLAN) and
// prisma/seed-scale.test.ts (the bulk seed's SQLite writer; its createMany path for other
// databases is not covered by a test yet).
const onPostgres = /^postgres(ql)?:\/\//.test(process.env.TEST_DATABASE_URL ?? "");

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // The data layer imports "server-only"; in tests it runs on the server anyway.
      "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js"),
    },
  },
  test: {
    include: ["lib/**/*.test.ts", "components/**/*.test.ts", "prisma/**/*.test.ts"],
    exclude: onPostgres ? [...configDefaults.exclude, "lib/server/query-plans.test.ts", "prisma/seed-scale.test.ts"] : configDefaults.exclude,
    environment: "node",
    pool: "forks",
    testTimeout: 20_000,
    env: { BCRYPT_COST: "4", NOSH_ENV: "development" },
  },
});
