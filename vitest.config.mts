import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

// Two projects, both sharing each worker's process between files (`isolate: false`), which saves
// every file a fresh process and the imports of zod, Prisma's runtime and Next's request types.
// "integration": the files that open a database through lib/server/platform/testing/db.ts, each on
// a copy of one SQLite file migrated before the run (testing/db-template.ts); setUpTestDatabase()
// loads the app's modules afresh for each file (vi.resetModules: they read DATABASE_URL when
// first imported), puts its settings back when the file ends and closes what the file's app
// opened on globalThis (the database client, caches, the event hub), so no file sees another's
// state. "unit": the others (pure rules, validation, the contract, configuration), which keep
// no state between files.
//
// With TEST_DATABASE_URL=postgresql://… (`npm run test:postgres`) only the integration tests run
// again, on PostgreSQL; the unit files never touch a database, so a second run proves nothing new
// (e2e/README.md, "PostgreSQL"). Two integration tests read SQLite files through better-sqlite3
// and keep running on SQLite in test:unit only: query-plans.test.ts (SQLite's EXPLAIN QUERY PLAN)
// and prisma/seed-scale.test.ts (the bulk seed's SQLite writer; its createMany path for other
// databases is not covered by a test yet).
const onPostgres = /^postgres(ql)?:\/\//.test(process.env.TEST_DATABASE_URL ?? "");
const include = ["lib/**/*.test.ts", "components/**/*.test.ts", "prisma/**/*.test.ts", "server/**/*.test.ts", "bench/**/*.test.ts"];
const opensDatabase = ["lib", "components", "prisma"].flatMap((dir) =>
  readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((file) => path.join(dir, file))
    .filter((file) => file.endsWith(".test.ts") && /testing\/db["']|TEST_DATABASE_URL/.test(readFileSync(file, "utf8"))),
);

const unit = {
  extends: true,
  test: { name: "unit", include, exclude: [...configDefaults.exclude, ...opensDatabase], isolate: false },
} as const;
const integration = {
  extends: true,
  test: {
    name: "integration",
    include: opensDatabase,
    exclude: onPostgres ? [...configDefaults.exclude, "lib/server/platform/query-plans.test.ts", "prisma/seed-scale.test.ts"] : configDefaults.exclude,
    // Each file's database is ready before it starts: a copy of a migrated SQLite file, or on
    // PostgreSQL a database made for it from the template (testing/db-template.ts).
    globalSetup: ["lib/server/platform/testing/db-template.ts"],
    isolate: false,
  },
} as const;

// On SQLite no test opens a PostgreSQL database, yet create-db.ts imports both generated clients:
// there the PostgreSQL client and its adapter resolve to a stub that throws if constructed, which
// saves each integration file (a fresh process each) about 160 ms of imports.
const postgresClientStub = path.resolve(import.meta.dirname, "lib/server/platform/testing/stubs/postgres-client.ts");
const withoutPostgresClient = onPostgres
  ? []
  : [
      { find: /^@\/lib\/generated\/prisma-postgresql\/client$/, replacement: postgresClientStub },
      { find: /^@prisma\/adapter-pg$/, replacement: postgresClientStub },
    ];

export default defineConfig({
  resolve: {
    alias: [
      ...withoutPostgresClient,
      { find: "@", replacement: path.resolve(import.meta.dirname) },
      // The data layer imports "server-only"; in tests it runs on the server anyway.
      { find: "server-only", replacement: path.resolve(import.meta.dirname, "node_modules/server-only/empty.js") },
    ],
  },
  test: {
    projects: onPostgres ? [integration] : [unit, integration],
    environment: "node",
    pool: "forks",
    // Two forks on the 2-core machines (Vitest's default is one fewer than the cores: 1 here). The
    // integration files wait on SQLite commits as much as they compute.
    maxWorkers: 2,
    testTimeout: 20_000,
    // One retry in CI, as Playwright's (playwright.config.ts): a test that passes only on it is
    // listed by name at the end of the run (e2e/runners/vitest-recap.mjs), never hidden.
    retry: process.env.CI ? 1 : 0,
    reporters: ["default", "./e2e/runners/vitest-recap.mjs"],
    env: { BCRYPT_COST: "4", NOSH_ENV: "development" },
  },
});
