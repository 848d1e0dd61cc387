import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

// With TEST_DATABASE_URL=postgresql://… (`npm run test:postgres`) the integration tests run on
// PostgreSQL, except query-plans.test.ts: it reads SQLite's EXPLAIN QUERY PLAN through
// better-sqlite3 and means nothing on PostgreSQL (it keeps running on SQLite in test:unit).
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
    include: ["lib/**/*.test.ts", "prisma/**/*.test.ts"],
    exclude: onPostgres ? [...configDefaults.exclude, "lib/server/query-plans.test.ts"] : configDefaults.exclude,
    environment: "node",
    pool: "forks",
    testTimeout: 20_000,
    env: { BCRYPT_COST: "4", NOSH_ENV: "development" },
  },
});
