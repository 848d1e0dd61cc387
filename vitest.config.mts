import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

// With TEST_DATABASE_URL=postgresql://… (`npm run test:postgres`) only the integration tests run
// again, on PostgreSQL: the files that open a database through lib/server/platform/test-db.ts. The others
// (pure rules, validation, the contract, configuration) never touch a database, so a second run
// proves nothing new (e2e/README.md, "PostgreSQL"). Two integration tests read SQLite files
// through better-sqlite3 and keep running on SQLite in test:unit only: query-plans.test.ts
// (SQLite's EXPLAIN QUERY PLAN) and prisma/seed-scale.test.ts (the bulk seed's SQLite writer; its
// createMany path for other databases is not covered by a test yet).
const onPostgres = /^postgres(ql)?:\/\//.test(process.env.TEST_DATABASE_URL ?? "");
const include = ["lib/**/*.test.ts", "components/**/*.test.ts", "prisma/**/*.test.ts", "server/**/*.test.ts"];
const opensDatabase = () =>
  ["lib", "components", "prisma"].flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: "utf8" })
      .map((file) => path.join(dir, file))
      .filter((file) => file.endsWith(".test.ts") && /test-db|TEST_DATABASE_URL/.test(readFileSync(file, "utf8"))),
  );

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // The data layer imports "server-only"; in tests it runs on the server anyway.
      "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js"),
    },
  },
  test: {
    include: onPostgres ? opensDatabase() : include,
    exclude: onPostgres ? [...configDefaults.exclude, "lib/server/platform/query-plans.test.ts", "prisma/seed-scale.test.ts"] : configDefaults.exclude,
    environment: "node",
    pool: "forks",
    // Two forks on the 2-core machines (Vitest's default is one fewer than the cores: 1 here). The
    // integration files wait on SQLite commits and migrations as much as they compute.
    maxWorkers: 2,
    testTimeout: 20_000,
    env: { BCRYPT_COST: "4", NOSH_ENV: "development" },
  },
});
