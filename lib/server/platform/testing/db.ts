import "server-only";
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, expect, inject, vi } from "vitest";
import type { Prisma } from "@/lib/generated/prisma/client";
import { ALL_DAY } from "@/lib/shared/time/opening-hours";
import { restaurantCreateSchema } from "@/lib/contract/restaurants/rules";
import { createDb, isPostgresUrl, type Db } from "../create-db";
import { migrateSqlite } from "../migrate";
import { postgresTestDatabaseName } from "./db-template";

/** A user's wallet balance in cents: the ledger account "wallet:{userId}" (0 before its first credit). */
export const walletCentsOf = async (db: Db, userId: number): Promise<number> =>
  (await db.ledgerAccount.findUnique({ where: { id: `wallet:${userId}` }, select: { balanceCents: true } }))?.balanceCents ?? 0;

/** True when the integration tests run against PostgreSQL (TEST_DATABASE_URL=postgresql://…,
 * any database of the server: each test file gets a fresh database next to it). */
export const testingOnPostgres = isPostgresUrl(process.env.TEST_DATABASE_URL ?? "");

/**
 * A real, migrated database for integration tests: a SQLite file in a temp folder (a copy of the
 * template db-template.ts migrated before the run), or with TEST_DATABASE_URL a fresh
 * PostgreSQL database (the one db-template.ts made for this file before the run; without
 * it, or for a second database in the file, a copy of TEST_DATABASE_TEMPLATE or a migration run,
 * in a child process so this stays synchronous for the test files' top level). `dir` is a temp folder for DATA_DIR either way. Call `cleanup` in afterAll.
 */
export function createTestDatabase(): { db: Db; url: string; dir: string; cleanup: () => Promise<void> } {
  const dir = mkdtempSync(path.join(tmpdir(), "nosh-test-"));
  const url = testingOnPostgres ? createPostgresTestDatabase(dir) : createSqliteTestDatabase(dir);
  const db = createDb(url);
  return {
    db,
    url,
    dir,
    cleanup: async () => {
      await db.$disconnect();
      if (testingOnPostgres) await dropPostgresDatabase(url);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A test file's database: createTestDatabase(), then DATABASE_URL and DATA_DIR (and `env`, the
 * file's own settings) set for the app's modules, and the cleanup registered with afterAll.
 * Import the modules under test after this call (`const users = await import("./users")`):
 * lib/server/platform/db.ts and the settings are read when a module is first imported.
 */
export function setUpTestDatabase(env: Record<string, string> = {}): ReturnType<typeof createTestDatabase> {
  // The integration files share their worker's process (vitest.config.ts, isolate: false): each
  // file's app modules load afresh after this call, reading this file's settings, and the
  // settings go back to what they were when the file ends.
  vi.resetModules();
  const before = { ...process.env };
  const test = createTestDatabase();
  // Jobs are offered at once, whatever the food's ready time (as on the e2e servers): tests step
  // through deliveries; the timing of offers has its own file (dispatch/offer-timing.test.ts).
  Object.assign(process.env, { DATABASE_URL: test.url, DATA_DIR: test.dir, DISPATCH_EARLY_MINUTES: "90" }, env);
  afterAll(async () => {
    await releaseAppGlobals();
    await test.cleanup();
    for (const key of Object.keys(process.env)) if (!(key in before)) delete process.env[key];
    Object.assign(process.env, before);
  });
  return test;
}

/** Makes `client` (a test's own, e.g. one that records its statements) the app's database client
 * (lib/server/platform/db.ts) for a test file whose database is `url`. */
export function installAppDb(client: Db, url: string) {
  Object.assign(globalThis, { __noshDb: client, __noshDbUrl: url });
}

/**
 * The app's process-wide holders (globalThis.__nosh*: the database client, the catalog caches,
 * the order-event hub, the courier simulator's timer) belong to the test file that made them:
 * closed and forgotten when it ends, so the next file in the worker makes its own.
 */
export async function releaseAppGlobals() {
  const holders = globalThis as Record<string, unknown>;
  const db = holders.__noshDb as Db | undefined;
  (holders.__noshOrderEvents as { shutdown?: AbortController } | undefined)?.shutdown?.abort();
  const simulator = holders.__noshCourierSimulator as NodeJS.Timeout | undefined;
  if (simulator) clearInterval(simulator);
  for (const key of Object.keys(holders)) if (key.startsWith("__nosh")) delete holders[key];
  await db?.$disconnect();
}

/** A copy of the migrated template (the same migrations, applied once per run), or, without
 * one (a config without the global setup), a migration run. */
function createSqliteTestDatabase(dir: string): string {
  const url = `file:${path.join(dir, "test.db")}`;
  const template = inject("sqliteTemplate");
  if (template) copyFileSync(template, path.join(dir, "test.db"));
  else migrateSqlite(url);
  return url;
}

/** The test files that have taken the database the global setup made for them (a worker runs several). */
const premadeTaken = new Set<string>();

function createPostgresTestDatabase(dir: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  // The global setup (db-template.ts) made this file's database from the migrated template
  // before the run: connecting to it is all. A second database in the same file is made below.
  const run = inject("postgresRun");
  const testFile = expect.getState().testPath;
  if (run && testFile && !premadeTaken.has(testFile)) {
    premadeTaken.add(testFile);
    url.pathname = `/${postgresTestDatabaseName(run, testFile)}`;
    return url.toString();
  }
  url.pathname = `/${path
    .basename(dir)
    .replace(/[^a-zA-Z0-9]/g, "_")
    .toLowerCase()}`;
  const template = process.env.TEST_DATABASE_TEMPLATE;
  if (template) {
    // `npm run test:postgres` migrates one template database first; a copy of it is one
    // CREATE DATABASE instead of a migration run per test file.
    const name = url.pathname.slice(1);
    const script = `const pg=require("pg");const c=new pg.Client({connectionString:process.argv[1]});c.connect().then(()=>c.query(process.argv[2])).then(()=>c.end(),(e)=>{console.error(e.message);process.exit(1)})`;
    execFileSync(process.execPath, ["-e", script, adminUrl(url), `CREATE DATABASE "${name}" TEMPLATE "${template}"`], { stdio: "pipe" });
    return url.toString();
  }
  execFileSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "--conditions=react-server", "prisma/cli.ts", "migrate"], {
    env: { ...process.env, DATABASE_URL: url.toString() },
    stdio: "pipe",
  });
  return url.toString();
}

async function dropPostgresDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  await withPgClient(adminUrl(url), (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/** The `postgres` database of the server `url` is on (where databases are created and dropped). */
function adminUrl(url: string | URL): string {
  const admin = new URL(url);
  admin.pathname = "/postgres";
  return admin.toString();
}

/** Runs `work` with a connected pg client on `url`, and closes it whatever happens. */
export async function withPgClient<T>(url: string | URL, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * An EMPTY PostgreSQL database on TEST_DATABASE_URL's server, for the migrations' own tests (which
 * apply migrations one by one): `create()` makes it, `run(work)` connects to it, and it is
 * dropped after the file's tests. Call at a describe's top level.
 */
export function scratchPostgresDatabase(prefix: string): { url: URL; create: () => Promise<unknown>; run: <T>(work: (client: pg.Client) => Promise<T>) => Promise<T> } {
  const url = new URL(process.env.TEST_DATABASE_URL ?? "postgresql://unused/");
  url.pathname = `/${prefix}_${randomBytes(4).toString("hex")}`;
  const name = url.pathname.slice(1);
  afterAll(() => withPgClient(adminUrl(url), (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)));
  return {
    url,
    create: () => withPgClient(adminUrl(url), (client) => client.query(`CREATE DATABASE "${name}"`)),
    run: (work) => withPgClient(url, work),
  };
}

/** A valid new restaurant (the owner form's fields, parsed as the API parses them). */
export const restaurantInput = (name = "Lantern Noodle House", cuisineType = "Chinese") =>
  restaurantCreateSchema.parse({
    name,
    description: "Hand-pulled noodles and slow broths.",
    address: "742 Evergreen Terrace",
    city: "Springfield",
    state: "OR",
    zip: "97403",
    cuisineType,
    priceLevel: "MODERATE",
    deliveryFee: 2.99,
    deliveryTime: 30,
    businessHours: "11:00 - 22:00",
    storeImage: "/images/food/vietnamese-pho.webp",
  });

/** A restaurant row written straight to the table (cents, no validation): `over` sets what the test is about. */
export const restaurantRow = (ownerId: number, over: Partial<Prisma.RestaurantUncheckedCreateInput> = {}): Prisma.RestaurantUncheckedCreateInput => ({
  ownerId,
  name: "Test Kitchen",
  description: "A place to test",
  address: "1 Main St",
  city: "Oakland",
  state: "CA",
  zip: "94601",
  cuisineType: "American",
  priceLevel: "MODERATE",
  deliveryFeeCents: 299,
  deliveryTime: 30,
  businessHours: "9:00-21:00",
  storeImage: "/x.webp",
  // Open around the clock, so a test placing an order "now" passes at any hour; tests of the
  // opening hours set their own.
  hours: JSON.stringify(ALL_DAY),
  ...over,
});
