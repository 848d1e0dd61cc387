import { execFile, type ChildProcess } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";

// Throwaway production servers (server/main.mjs, as `npm start`; see e2e/runners/next-server.mjs)
// for the specs that need a server of their own: settings the shared test servers do not have
// (production mode, small limits), or a process to kill and restart (the reliability suite).
// The one way a Playwright spec starts one.

export type Server = {
  url: string;
  dataDir: string;
  dbFile: string;
  process: ChildProcess;
  /** stdout and stderr so far (the last 64,000 characters), the server's JSON log lines shown as `LEVEL [nosh] message {fields}` (readableLog). */
  output: () => string;
  /** Resolves with the exit code (or signal) once the process tree's leader is gone. */
  exited: Promise<number | string>;
  /** SIGKILL the whole process group: no shutdown handler runs. */
  kill: () => Promise<void>;
  /** SIGTERM, SIGKILL after `graceMs` (default 3 s), and wait. */
  stop: () => Promise<void>;
};

// next-server.mjs is an ES module; Playwright compiles this file to CommonJS, where a static
// import becomes require() and fails ("exports is not defined in ES module scope"), so it is
// imported dynamically.
const nextServer = () => import("../runners/next-server.mjs");

/** data/reliability/<name>: a reliability spec's data folder. */
export const dataDirFor = (name: string) => path.resolve("data/reliability", name);

/** Empties a data folder (`name`: a reliability spec's, see dataDirFor; or a path). */
export function freshDataDir(name: string): string {
  const dir = name.includes("/") ? path.resolve(name) : dataDirFor(name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Account creation, restaurants per account and successful-login limits off (0): the specs sign up many users from one address. */
export const NO_CREATION_LIMITS = {
  LOGIN_MAX_SUCCESSES_PER_ACCOUNT: "0",
  LOGIN_MAX_SUCCESSES_PER_ADDRESS: "0",
  SIGNUP_MAX_PER_ADDRESS: "0",
  GUEST_MAX_PER_ADDRESS: "0",
  RESTAURANTS_PER_DAY: "0",
  RESTAURANTS_PER_ACCOUNT: "0",
  RESTAURANTS_UNVERIFIED: "0",
};

/** The open-order limits off (0): the reliability specs race many checkouts of one customer; the
 * limits are proven on a server of their own (e2e/checkout/open-orders.api.spec.ts). */
export const NO_OPEN_ORDER_LIMITS = { MAX_OPEN_ORDERS: "0", MAX_OPEN_ORDERS_PER_RESTAURANT: "0" };

export type ServerOptions = {
  port: number;
  /** The data folder: `name` is data/reliability/<name>, or `dataDir` a path of its own. */
  name?: string;
  dataDir?: string;
  /** Empty the data folder first (default: only with `dataDir`). */
  fresh?: boolean;
  /**
   * A data folder without a database gets a copy of this run's template (templateDatabase):
   * migrated, and seeded unless the server would not seed (NOSH_SEED, NOSH_ENV=production).
   * Default true; false for a server that must create its database itself (the start-up checks).
   * Never for a server on another database (DATABASE_URL set).
   */
  template?: boolean;
  /** Added to the defaults (BCRYPT_COST=4, COURIER_SIMULATOR=off, jobs offered at once (DISPATCH_EARLY_MINUTES=90), the creation and open-order limits off, DATA_DIR). */
  env?: Record<string, string>;
  nodeFlags?: string[];
  /** Extra server/main.mjs arguments (default: a 70 s keep-alive, longer than any client's). */
  args?: string[];
  /** Wait until it answers (default true). */
  waitReady?: boolean;
  /** How long a stop() waits after SIGTERM before SIGKILL (default 3 s). */
  graceMs?: number;
  /** Run through this command first (spawnInGroup's `prefix`): e.g. a cgroup's joinPrefix (e2e/support/cgroup.ts). */
  prefix?: string[];
};

/** NOSH_SEED's reading (lib/edge/setting-readers.ts switchFrom): on/true/1, off/false/0, unset: `fallback`. */
const switchOn = (value: string | undefined, fallback: boolean) => (value ? /^(on|true|1)$/i.test(value) : fallback);

/** Where this run's template databases live: emptied at the start of each run (clearTemplates). */
const TEMPLATE_DIR = path.resolve("data/templates");

/** A Playwright globalSetup (both configs): a run's templates are its own (the seed's dates are
 * "N days before now", and the migrations may have changed since the last run). */
export function clearTemplates(): void {
  rmSync(TEMPLATE_DIR, { recursive: true, force: true });
}

const building = new Map<string, Promise<string>>();

/**
 * data/templates/<kind>.db: a SQLite file migrated (and for "seeded", seeded with the demo data)
 * by `prisma/cli.ts` exactly as a server's start-up does it (lib/server/platform/prepare.ts: the
 * same migrations, the same seedDatabase), made once per run and copied into each private
 * server's empty data folder, so a fresh server skips its start-up's migrating and seeding
 * (it finds both done) instead of repeating them. Built in a folder of its own and renamed into
 * place: two workers that ask at once both build, and neither sees a half-written file.
 */
export function templateDatabase(kind: "migrated" | "seeded"): Promise<string> {
  const file = path.join(TEMPLATE_DIR, `${kind}.db`);
  if (existsSync(file)) return Promise.resolve(file);
  let pending = building.get(kind);
  if (!pending) {
    pending = (async () => {
      mkdirSync(TEMPLATE_DIR, { recursive: true });
      const dir = mkdtempSync(path.join(TEMPLATE_DIR, `${kind}-`));
      try {
        const tsx = path.resolve("node_modules/tsx/dist/cli.mjs");
        const command = kind === "seeded" ? "seed" : "migrate";
        await promisify(execFile)(process.execPath, [tsx, "--conditions=react-server", "prisma/cli.ts", command], {
          env: { ...process.env, DATA_DIR: dir, DATABASE_URL: "", NOSH_ENV: "" },
        });
        // The CLI's connections are closed; fold any write-ahead log into the file that is copied.
        const db = new Database(path.join(dir, "nosh.db"));
        db.pragma("wal_checkpoint(TRUNCATE)");
        db.close();
        renameSync(path.join(dir, "nosh.db"), file);
        return file;
      } finally {
        rmSync(dir, { recursive: true, force: true });
        building.delete(kind);
      }
    })();
    building.set(kind, pending);
  }
  return pending;
}

/** Starts the production server and (unless waitReady: false) waits until it answers. */
export async function startServer(options: ServerOptions): Promise<Server> {
  const dataDir = options.dataDir ? path.resolve(options.dataDir) : dataDirFor(options.name ?? "server");
  if (options.fresh ?? Boolean(options.dataDir)) rmSync(dataDir, { recursive: true, force: true });
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    BCRYPT_COST: "4",
    COURIER_SIMULATOR: "off",
    DISPATCH_EARLY_MINUTES: "90",
    ...NO_CREATION_LIMITS,
    ...NO_OPEN_ORDER_LIMITS,
    ...options.env,
  };
  const dbFile = path.join(dataDir, "nosh.db");
  const ownFile = !(env.DATABASE_URL ?? process.env.DATABASE_URL);
  if (options.template !== false && ownFile && !existsSync(dbFile)) {
    const seeded = switchOn(env.NOSH_SEED ?? process.env.NOSH_SEED, (env.NOSH_ENV ?? process.env.NOSH_ENV) !== "production");
    mkdirSync(dataDir, { recursive: true });
    copyFileSync(await templateDatabase(seeded ? "seeded" : "migrated"), dbFile);
  }
  const url = `http://127.0.0.1:${options.port}`;
  // A leftover server on the port would answer in this one's place.
  const leftover = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
    () => true,
    () => false,
  );
  if (leftover) throw new Error(`port ${options.port} is already serving: stop that process or choose other ports (E2E_PORT, RELIABILITY_PORT)`);
  const { spawnNextStart, stopGroup } = await nextServer();
  const { child, output, exited } = spawnNextStart({
    port: options.port,
    args: options.args ?? ["--keepAliveTimeout", "70000"],
    nodeFlags: options.nodeFlags,
    env,
    captureStdout: true,
    prefix: options.prefix,
  });
  const server: Server = {
    url,
    dataDir,
    dbFile,
    process: child,
    output: () => readableLog(output()),
    exited,
    kill: () => stopGroup(child, { signal: "SIGKILL" }),
    stop: () => stopGroup(child, { graceMs: options.graceMs ?? 3_000 }),
  };
  // A server that never came up is killed: the caller has no handle to stop it, and a leftover
  // would hold the port against the next attempt (a retry, the next run).
  if (options.waitReady !== false) await waitReady(server).catch(async (failure: unknown) => (await server.kill(), Promise.reject(failure)));
  return server;
}

const LEVELS: Record<number, string> = { 20: "DEBUG", 30: "INFO", 40: "WARN", 50: "ERROR", 60: "FATAL" };

/**
 * The server's log (server/log.mjs: one JSON line an event) as the specs read it: each line
 * `LEVEL [nosh] message {the other fields}`, as server/log.mjs readableLine shows it under
 * `npm run dev` (without the time); anything else (Next.js's own output) as it is.
 */
export function readableLog(text: string): string {
  return text.replace(/^\{"level":\d+,.*$/gm, (line) => {
    try {
      const { level, time: _time, pid: _pid, msg, reqId, ...rest } = JSON.parse(line) as Record<string, unknown>;
      const extra = Object.keys(rest).length ? ` ${JSON.stringify(rest)}` : "";
      return `${LEVELS[Number(level)] ?? level} [nosh]${reqId ? ` (${String(reqId)})` : ""} ${String(msg ?? "")}${extra}`;
    } catch {
      return line;
    }
  });
}

/** Polls until the server answers any HTTP status below 500; fails if it exits or takes over 90 s. */
export async function waitReady(server: Server, timeoutMs = 90_000): Promise<void> {
  // Polled every 100 ms: the crash test restarts a server 100 times.
  const { waitUntilServing } = await nextServer();
  await waitUntilServing({ url: `${server.url}/api/auth/`, child: server.process, output: server.output, label: `server at ${server.url}`, timeoutMs, intervalMs: 100 });
}

/**
 * A server of its own for watching an order expire (`E2E_PORT` + `offset`, its own SQLite file in
 * data/e2e-expiry-<name>, whatever the run's database: the specs skip it under
 * `npm run test:postgres`, where expiry is proven by lib/server/orders/orders.test.ts). Its placed
 * orders expire after `acceptSeconds` and it sweeps every 250 ms (ORDER_EXPIRY_SWEEP_MS), so a
 * test waits seconds where the shared servers' 90 s accept timeout (playwright.config.ts) would
 * cost minutes.
 */
export function startExpiryServer(name: string, offset: number, acceptSeconds: number): Promise<Server> {
  return startServer({
    port: Number(process.env.E2E_PORT ?? 3111) + offset,
    dataDir: `data/e2e-expiry-${name}`,
    args: [],
    env: { DATABASE_URL: "", NEXT_TELEMETRY_DISABLED: "1", ORDER_ACCEPT_SECONDS: String(acceptSeconds), ORDER_EXPIRY_SWEEP_MS: "250" },
  });
}

/**
 * A server of its own for watching a courier's offer run out (`E2E_PORT` + `offset`, its own SQLite
 * file in data/e2e-dispatch-<name>): its offers last `offerSeconds` (DISPATCH_OFFER_SECONDS) and
 * it ticks every 250 ms (DISPATCH_TICK_MS), where the shared servers' offers last the default 30 s.
 */
export function startDispatchServer(name: string, offset: number, offerSeconds: number): Promise<Server> {
  return startServer({
    port: Number(process.env.E2E_PORT ?? 3111) + offset,
    dataDir: `data/e2e-dispatch-${name}`,
    args: [],
    env: { DATABASE_URL: "", NEXT_TELEMETRY_DISABLED: "1", DISPATCH_OFFER_SECONDS: String(offerSeconds), DISPATCH_TICK_MS: "250" },
  });
}
