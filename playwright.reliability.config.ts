import { defineConfig } from "@playwright/test";

// `npm run test:reliability`: fuzzing, the model-based money test over two server
// processes, database contention, crash recovery and the start-up settings check. Each spec
// starts and kills its own production servers (`npm run build` first) on RELIABILITY_PORT
// (default 3131) and up (its own offsets: no two specs share a port), with its own data folder
// under data/reliability. One worker: tried with two (e2e/README.md, "Wall time"), the fuzzer
// beside the crash spec ran past its 7-minute limit on a loaded machine; the proofs are CPU-bound.

export default defineConfig({
  testDir: "e2e/reliability",
  // Empties data/templates: the databases private servers start from are made afresh each run.
  globalSetup: "./e2e/support/global-setup.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  timeout: 420_000,
  expect: { timeout: 10_000 },
});
