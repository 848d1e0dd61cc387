import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// API and browser tests against the production build (`npm run build` first), served by
// `npm start`'s host (server/main.mjs) on its own port with a fresh database in data/e2e, seeded with the
// demo data at start-up.

const port = Number(process.env.E2E_PORT ?? 3111);
const baseURL = `http://127.0.0.1:${port}`;
// A second server process on the same database, for the cross-process money tests.
const secondPort = port + 1;
process.env.E2E_SECOND_URL = `http://127.0.0.1:${secondPort}`;
// With DATABASE_URL=postgresql://… (`npm run test:postgres`) both servers share that database;
// it is emptied, migrated and seeded at the start of the run as data/e2e is for SQLite.
const postgresUrl = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? "") ? process.env.DATABASE_URL! : undefined;
const resetDatabase = postgresUrl ? " && node node_modules/tsx/dist/cli.mjs --conditions=react-server prisma/cli.ts reset" : "";
const serverEnv: Record<string, string> = {
  ...(postgresUrl ? { DATABASE_URL: postgresUrl } : {}),
  DATA_DIR: "data/e2e",
  NEXT_TELEMETRY_DISABLED: "1",
  BCRYPT_COST: "4",
  TRUST_PROXY: "1",
  LOGIN_MAX_FAILURES_PER_ADDRESS: "8",
  // The suite signs up and logs in hundreds of users, mostly from one address: these limits
  // are off here (0) and proven on servers of their own (e2e/auth/login-limits.api.spec.ts).
  LOGIN_MAX_SUCCESSES_PER_ACCOUNT: "0",
  LOGIN_MAX_SUCCESSES_PER_ADDRESS: "0",
  SIGNUP_MAX_PER_ADDRESS: "0",
  GUEST_MAX_PER_ADDRESS: "0",
  // Password reset requests per client address too (the matrix and the fuzzer ask from one);
  // e2e/auth/password-reset.api.spec.ts speaks from addresses of its own, and the Vitest tests
  // of lib/server/accounts/password-reset.test.ts prove the limit.
  PASSWORD_RESET_PER_ADDRESS: "0",
  // So are the open-order limits: journeys place several orders from one customer and the
  // authorization matrix's one owner places one for each of its rows; the limits are proven on a
  // server of their own (e2e/checkout/open-orders.api.spec.ts, E2E_PORT+8).
  MAX_OPEN_ORDERS: "0",
  MAX_OPEN_ORDERS_PER_RESTAURANT: "0",
  // And the restaurants an account may add (many specs give one owner several, the fuzzer adds
  // many): proven on the defaults by lib/server/restaurants/limits.test.ts.
  RESTAURANTS_PER_DAY: "0",
  RESTAURANTS_PER_ACCOUNT: "0",
  RESTAURANTS_UNVERIFIED: "0",
  // Placed orders nobody accepts expire after 90 s here (10 minutes by default), so the
  // lifecycle tests can watch one expire; longer than any other test (the kitchen journey of
  // restaurants/journey.spec.ts, on 2 loaded cores) takes to move its own orders.
  ORDER_ACCEPT_SECONDS: "90",
  // The jobs on the accept timeout's period (lib/server/jobs/cadences.ts: the expiry sweep, the
  // payments sync, the test provider's webhooks, payouts sent, problems escalated) run every
  // second here: by default a quarter of the accept timeout, 22.5 s at 90 s, which a test waiting
  // for the test provider's webhook (an onboarding's account.updated, a dispute) waited out, up
  // to 22.5 s past the webhook's 2 s delay, once per webhook. Orders still expire 90 s after they
  // are placed (within a second rather than within 22.5 s of it).
  ORDER_EXPIRY_SWEEP_MS: "1000",
  // Live order event streams re-check their session at each keep-alive: once a second here, so
  // e2e/orders/events.api.spec.ts sees a stream end soon after its session does.
  ORDER_EVENTS_KEEP_ALIVE_MS: "1000",
  // The demo couriers stay still: the tests move couriers themselves (docs/architecture/couriers.md).
  COURIER_SIMULATOR: "off",
  // Due notifications (mail, the receipt a journey opens in /dev/mailbox) and waiting courier jobs
  // go out every half second here, not every 2 s: tests that wait for them wait less (e2e/README.md,
  // "What a browser test costs"); nothing asserts the cadence on these servers.
  NOTIFY_TICK_MS: "500",
  DISPATCH_TICK_MS: "500",
  // Jobs are offered at once, whatever the food's ready time: the specs step through deliveries
  // (the timing of offers, DISPATCH_EARLY_MINUTES' default, is e2e/couriers/offer-timing.journey.spec.ts's server's).
  DISPATCH_EARLY_MINUTES: "90",
  // The built-in text provider's signing secret, known to the specs that send its callbacks (e2e/account/texts.journey.spec.ts).
  TEXTS_BUILTIN_SECRET: "e2e-built-in-texts-secret",
  // The masked calls' relay pool (e2e/couriers/relay-calls.journey.spec.ts): two numbers for every delivery there is.
  RELAY_NUMBERS: "+14152300101,+14152300102",
  // A kitchen printer is silent after 4 s here, not 30 (e2e/printers/journey.spec.ts waits for the board's alarm).
  PRINTER_SILENT_SECONDS: "4",
};
// On PostgreSQL (`npm run test:postgres`) the API specs whose outcome can differ by database run
// again (e2e/README.md, "PostgreSQL"): money (transactions, conditional updates, idempotency keys
// racing across the two processes), raw SQL (search, the restaurant and menu lists, pagination,
// ratings), deletes that cascade, the live event streams (LISTEN/NOTIFY there, polling on
// SQLite), and couriers (dispatch's raw SQL and row locks, the courier's earning, positions on
// the order's stream). The rest prove HTTP rules (validation, access, sessions, body caps, the contract) on
// data-layer calls the Vitest integration tests run on PostgreSQL too, or start SQLite servers of
// their own (production.spec.ts, login-limits.spec.ts). Not here either, since 2026-11-26: specs
// whose every data path an integration test runs on PostgreSQL too (promotions, dish options,
// opening hours, exports, shared pages; e2e/README.md "PostgreSQL" names the tests).
const POSTGRES_API_SPECS = [
  "browse/api",
  "checkout/api",
  "couriers/api",
  "couriers/door-photo.api",
  "search/free-text.api",
  "group-orders/api",
  "restaurants/access.api",
  "menu/api",
  "orders/board.api",
  "orders/events.api",
  "checkout/one-cart-one-order.api",
  "orders/api",
  "payments/races.api",
  "checkout/orders-create.api",
  "contract/pagination.api",
  "pickup/api",
  "reviews/api",
  "search/api",
  "wallet/api",
];
// Debian's headless shell (package chromium-headless-shell, which .ci/run installs) where it is
// installed: the same Blink and V8 as /usr/bin/chromium without the full browser's UI layers,
// which headless Chromium otherwise runs. Measured on the four heaviest journeys (2 workers,
// CI=1): 126 s against 166 s. CHROMIUM_PATH still names any other build. The installability test
// (e2e/offline-app/journey.spec.ts) asks the full browser, whose install prompt it checks.
// `--max-opt=1`: V8 compiles a page's scripts no further than its baseline tier (Sparkplug). A
// test's page lives seconds, and the optimising compilers' work was mostly thrown away with it:
// four journey files (24 tests, 2026-11-30) took the renderers 37.0 s of CPU against 44.0 s, 67 s
// of wall time against 84 s. What the scripts do is unchanged; only how fast hot loops run.
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
    "--js-flags=--max-opt=1",
  ],
};

// The browser projects' settings. A journey is several of the old fragments in one context: a
// minute, not the API tests' 30 s. In CI a journey too records its trace on its retry only: the
// DOM snapshots of every action cost four of the heaviest journey files 95 s against 77 s of wall
// time (e2e/README.md, "Wall time"). A failure is retried (retries: 1), and its retry's trace kept.
const browser = {
  timeout: 60_000,
  workers: 3,
  use: { ...devices["Desktop Chrome"], launchOptions: chromium, ...(process.env.CI ? { trace: { mode: "on-first-retry" as const, screenshots: false } } : {}) },
};
// The journeys of 25 s and more (the CI log's durations), run first.
const LONG_JOURNEYS = [
  "**/account/journey.spec.ts",
  "**/orders/demo.journey.spec.ts",
  "**/languages/phone-width.journey.spec.ts",
  "**/checkout/stripe.journey.spec.ts",
  "**/checkout/journey.spec.ts",
  "**/cart/journey.spec.ts",
];

export default defineConfig({
  testDir: "e2e",
  // Empties data/templates: the databases private servers start from are made afresh each run.
  globalSetup: "./e2e/support/global-setup.ts",
  fullyParallel: true,
  // On the 2 cores, in CI too: four for the API tests (every other one on the second server
  // process, e2e/fixtures.ts), three for the journeys (the browser project's own limit): a test waits
  // on a server, a tick or a ride, and fewer left the machine idle (e2e/README.md, "Wall time"). On
  // PostgreSQL (API specs only, the database's own processes beside the two servers) two.
  workers: postgresUrl && process.env.CI ? 2 : 4,
  // One retry in CI (.ci/run sets CI): on a loaded 2-core machine a browser step can miss its
  // timeout for reasons of the machine, and one such miss used to sink the whole run. A test that
  // passes only on its retry is still reported, as "flaky", in the run's summary; locally none.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // Traces without the screencast: its JPEG frames cost every page, and the DOM snapshots are
  // what a failure is read from.
  // Service workers are blocked but in e2e/offline-app/journey.spec.ts: the production build
  // registers one (docs/architecture/offline-app.md), and requests a worker answers are not seen by page.route().
  use: { baseURL, trace: { mode: "retain-on-failure", screenshots: false }, launchOptions: chromium, serviceWorkers: "block" },
  projects: [
    // The longest journeys first (projects run in the order listed, then their files
    // alphabetically): started last, a minute-long journey ran on with the other workers idle.
    ...(postgresUrl ? [] : [{ ...browser, name: "browser-long", testMatch: LONG_JOURNEYS }]),
    // Tests live by feature (e2e/README.md): e2e/<feature>/api.spec.ts and <aspect>.api.spec.ts over
    // HTTP, e2e/<feature>/journey.spec.ts and <aspect>.journey.spec.ts in the browser.
    {
      name: "api",
      testMatch: postgresUrl ? new RegExp(`e2e/(${POSTGRES_API_SPECS.join("|")})\\.spec\\.ts$`) : /\/([\w-]+\.)?api\.spec\.ts$/,
      // In CI an API test records its trace on its retry only: tracing every request context a test
      // touches (the matrix's world holds some twenty) and writing each one's chunk when every test
      // ends cost 546 API tests 136 s against 115 s of wall time (e2e/README.md, "Wall time"). A failure is
      // retried (retries: 1), and its retry's trace kept.
      ...(process.env.CI ? { use: { trace: "on-first-retry" as const } } : {}),
    },
    {
      ...browser,
      name: "browser",
      testMatch: /\/([\w-]+\.)?journey\.spec\.ts$/,
      testIgnore: LONG_JOURNEYS,
      // Not on PostgreSQL (npm run test:postgres): what can differ there is the data layer, and
      // the pages read it through the same lib/server functions as the API routes, whose
      // dialect-dependent specs (POSTGRES_API_SPECS) and the integration tests run there
      // (e2e/README.md, PostgreSQL).
      ...(postgresUrl ? { testIgnore: /.*/ } : {}),
    },
  ],
  webServer: [
    {
      command: `rm -rf data/e2e${resetDatabase} && node server/main.mjs -p ${port} -H 127.0.0.1`,
      url: `${baseURL}/api/auth/`,
      timeout: 120_000,
      reuseExistingServer: process.env.E2E_REUSE_SERVER === "1",
      stdout: "ignore",
      stderr: "pipe",
      env: serverEnv,
    },
    {
      // Starts once the first server has created, migrated and seeded the database. Its background
      // jobs are the first's (JOBS=off: one database, and the jobs claim their work from it), so the
      // run's ticks of every half second and second are paid once, not twice: at rest each process's
      // jobs cost 17-36 ms of CPU a second (2026-11-30).
      command: `node -e "const go=()=>fetch('${baseURL}/api/auth/').then(()=>process.exit(0),()=>setTimeout(go,250));go()" && node server/main.mjs -p ${secondPort} -H 127.0.0.1`,
      url: `http://127.0.0.1:${secondPort}/api/auth/`,
      timeout: 120_000,
      reuseExistingServer: process.env.E2E_REUSE_SERVER === "1",
      stdout: "ignore",
      stderr: "pipe",
      env: { ...serverEnv, JOBS: "off" },
    },
  ],
});
