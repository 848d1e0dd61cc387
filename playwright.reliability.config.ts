import { defineConfig } from "@playwright/test";

// `npm run test:reliability`: fuzzing, the model-based money test over two server
// processes, database contention, crash recovery and the start-up settings check. Each spec
// starts and kills its own production servers (`npm run build` first) on RELIABILITY_PORT
// (default 3131) and up (its own offsets: no two specs share a port), with its own data folder
// under data/reliability. Two workers in CI, one locally (RELIABILITY_WORKERS overrides both): with
// the CI sizes (3,000 fuzzed requests, 20 kills then) the suite took 3.6-3.8 minutes on two and 4.8 on
// one (e2e/README.md, "Wall time"). Two were opt-in while the fuzzer's oversized bodies test, beside
// the crash spec, once failed on a connection reset: the host closed a refused request's socket with
// the client's body unread, which makes the kernel send a reset; it now closes gently
// (server/limits.mjs closeGentlyWhenUnread, pinned by server-edge.spec.ts).

const LONGEST = ["**/visitor-memory.spec.ts", "**/crash.spec.ts", "**/fuzz.spec.ts"];

export default defineConfig({
  testDir: "e2e/reliability",
  // Empties data/templates: the databases private servers start from are made afresh each run.
  globalSetup: "./e2e/support/global-setup.ts",
  fullyParallel: false,
  workers: Number(process.env.RELIABILITY_WORKERS ?? (process.env.CI ? 2 : 1)),
  // One retry in CI, as the main suite (playwright.config.ts): a fresh-clone run of 2026-11-26 saw
  // photo-memory's primary + worker VmHWM sum at 528 MB against 457-469 MB in every other run of the
  // same code (since photo bodies are held once, 397-455 MB in eight runs); a test that passes only
  // on its retry is reported as flaky. Locally none.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  timeout: 420_000,
  expect: { timeout: 10_000 },
  // The longest specs first (projects run in the order listed, their files alphabetically): the
  // visitor-memory spec (some 50 s) came last and ran alone on one of the two workers for most of it.
  projects: [
    { name: "long", testMatch: LONGEST },
    { name: "reliability", testIgnore: LONGEST },
  ],
});
