import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import type { Client } from "./api";
import type { Server } from "./server";
import { STAGES_OF_STATUS } from "@/lib/shared/orders/order-stages";
import { LEDGER_CHECKS } from "@/prisma/ledger-checks";

/** The stages of an order that keeps its wallet payment (status Submitted or Completed), as an SQL list. */
const PAID_STAGES = [...STAGES_OF_STATUS.Submitted!, ...STAGES_OF_STATUS.Completed!].map((stage) => `'${stage}'`).join(", ");

export { dataDirFor, freshDataDir, NO_CREATION_LIMITS, startServer, waitReady, type Server } from "./server";

// The reliability suite's tools (npm run test:reliability): production servers it starts and
// kills itself (support/server.ts), read-only views of their SQLite file, and the money invariants every proof
// checks. Each spec owns its ports (RELIABILITY_PORT + offset) and data folder.

/** Sizes: CI (`npm test`) by default; RELIABILITY_SIZE=full in `npm run test:reliability`, nightly for
 * the long run; each can be set alone. `full` is the CI size where it names none. */
const level = process.env.RELIABILITY_SIZE;
const sizeFrom = (name: string, ci: number, night: number, full = ci) => {
  const value = process.env[name];
  return value ? Number(value) : level === "nightly" ? night : level === "full" ? full : ci;
};
export const SIZE = {
  // 3,000 fuzzed requests in `npm test` (CI: some 40 to each mutating route), 10,000 in
  // `npm run test:reliability`, 50,000 nightly.
  fuzzRequests: sizeFrom("RELIABILITY_FUZZ_REQUESTS", 3_000, 50_000, 10_000),
  modelRuns: sizeFrom("RELIABILITY_MODEL_RUNS", 6, 30),
  rounds: sizeFrom("RELIABILITY_ROUNDS", 10, 200),
  burst: sizeFrom("RELIABILITY_BURST", 20, 50),
  // 10 random kill points in `npm test` (CI; every round runs every check, and the kill lands
  // mid-request in nearly all), 100 in `npm run test:reliability` and nightly.
  crashes: sizeFrom("RELIABILITY_CRASHES", 10, 100, 100),
  // Rounds of 4 distinct anonymous visits (two searches, an address, a dish page) against one
  // server (visitor-memory.spec.ts): 1,200 visits in `npm test`, 3,000 in `npm run test:reliability`, 12,000 nightly.
  visitorRounds: sizeFrom("RELIABILITY_VISITOR_ROUNDS", 300, 3_000, 750),
};

/** A production server's settings with nothing of its own (its own SQLite file): each spec adds what it is about (a payment provider, or PAYMENTS=test). */
export const PRODUCTION_ENV = {
  NOSH_ENV: "production",
  PUBLIC_ORIGIN: "https://nosh.example",
  SESSION_SECRET: "reliability-production-secret-0123456789",
  BCRYPT_COST: "10",
  DATABASE_URL: "",
};

export const reliabilityPort = (offset: number) => Number(process.env.RELIABILITY_PORT ?? 3131) + offset;

/**
 * `npm start` exactly as package.json runs it: its Node flags (heap limits) and its
 * environment assignments (MALLOC_ARENA_MAX, ...), for tests about memory.
 */
export function npmStartSettings(): { nodeFlags: string[]; env: Record<string, string> } {
  const script: string = JSON.parse(readFileSync(path.resolve("package.json"), "utf8")).scripts.start;
  return {
    // Every flag between `node` and the script (heap limits, --expose-gc for the heap budget's recheck).
    nodeFlags: /\bnode((?:\s+--\S+)*)/.exec(script)?.[1]!.trim().split(/\s+/).filter(Boolean) ?? [],
    env: Object.fromEntries([...script.matchAll(/\b([A-Z_]+)=(\S+)/g)].map((m) => [m[1]!, m[2]!])),
  };
}

/** The children of a process, with their command lines (empty once it is gone). */
function childrenOf(pid: number): { pid: number; command: string }[] {
  try {
    const pids = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
    return pids.map((child) => ({ pid: child, command: readCommand(child) }));
  } catch {
    return [];
  }
}

const readCommand = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
  } catch {
    return "";
  }
};

/** The job process's script (server/jobs.mjs): what tells it from the worker among the primary's children. */
const JOB_PROCESS = /server\/jobs\.mjs/;

/**
 * The pid of the process that serves: the host's worker (its primary forks exactly one, beside
 * the job process), or the server process itself when it has no child; null once it is gone.
 */
export function workerPid(server: Server): number | null {
  const pid = server.process.pid!;
  if (!existsSync(`/proc/${pid}`)) return null;
  const children = childrenOf(pid).filter((child) => !JOB_PROCESS.test(child.command));
  return children.length ? children[0]!.pid : pid;
}

/** The pid of the host's job process (server/jobs.mjs), or null while there is none (JOBS=inline or off, or between two). */
export function jobProcessPid(server: Server): number | null {
  return childrenOf(server.process.pid!).find((child) => JOB_PROCESS.test(child.command))?.pid ?? null;
}

/** The V8 heap of the process whose inspector listens on `port` (e2e/support/heap-after-gc.mjs): `expression`,
 * when given, evaluated there first, then two full collections unless `collect` is false. */
export async function inspectHeap(port: number, expression = "", collect = true): Promise<{ usedBytes: number; limitBytes: number; value?: unknown }> {
  const flags = Number(process.versions.node.split(".")[0]) < 22 ? ["--experimental-websocket"] : [];
  const args = [...flags, path.resolve("e2e/support/heap-after-gc.mjs"), String(port), ...(expression ? [expression] : []), ...(collect ? [] : ["--no-gc"])];
  const { stdout } = await promisify(execFile)(process.execPath, args, { timeout: 60_000 });
  return JSON.parse(stdout) as { usedBytes: number; limitBytes: number; value?: unknown };
}

/** VmRSS of a process in MB. */
export function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Math.round(Number(kb) / 1024);
}

/** The cookies of a support/api.ts client as a Cookie header, for plain fetch calls that must not change its session. */
export async function cookieHeader(client: Client): Promise<string> {
  return (await client.ctx.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
}

/** A plain-fetch caller with a client's cookies and anti-forgery token (fast; keeps its session). */
export type Caller = { name: string; cookie: string; token: string };
export async function callerOf(name: string, client: Client): Promise<Caller> {
  return { name, cookie: await cookieHeader(client), token: await client.xsrf() };
}

export async function call(base: string, caller: Caller, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(base + url, {
    method,
    redirect: "manual",
    headers: { cookie: caller.cookie, "XSRF-Token": caller.token, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json: json as Record<string, unknown> & { id?: number } };
}

/** A read-only connection to a server's SQLite file (never takes a write lock). */
export function openReadOnly(file: string): Database.Database {
  return new Database(file, { readonly: true, fileMustExist: true });
}

/**
 * A sha256 per table of every row in rowid order, read in one snapshot. LoginThrottle is left
 * out by design: a refused login is recorded there (that is what throttling is).
 */
/**
 * Columns the server's own timers change with no request (what a digest compares): a
 * notification's delivery (the outbox worker sends a pending row: state, attempts, lease...;
 * docs/architecture/notifications.md), and a number's confirmation code, which the worker makes
 * when it texts the code (its tries start again then; a wrong code is counted there by design, as
 * LoginThrottle is). Which rows exist, and what they say, is still compared.
 */
const BACKGROUND_COLUMNS_LEFT_OUT: Record<string, string> = {
  Notification: `"id", "userId", "kind", "cause", "channel", "payload", "readAt", "createdAt"`,
  TextNumber: `"id", "userId", "phone", "moments", "codesSent", "confirmedAt", "quietStart", "quietEnd", "timeZone", "createdAt"`,
};

/**
 * Rows the server's own timers write with no request: the sweep's owners' daily summaries (written
 * once the restaurant's morning has come, whenever the sweep runs), and the texts the outbox
 * worker sends (a text asked for by an earlier accepted request can go out during a refused one).
 */
const BACKGROUND_ROWS_LEFT_OUT: Record<string, string> = {
  Notification: ` WHERE "kind" <> 'owner_daily_summary'`,
  TextMessage: ` WHERE "direction" <> 'out'`,
};

export function digest(db: Database.Database, skip: readonly string[] = ["LoginThrottle"]): Record<string, string> {
  return db.transaction(() => {
    // Search's FTS5 tables (migration 20261124090000_search) are left out as such (their text
    // is Restaurant's and MenuItem's); their shadow tables are hashed like any other, the
    // WITHOUT ROWID ones in primary-key order.
    const tables = db
      .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name`)
      .all() as { name: string; sql: string }[];
    const out: Record<string, string> = {};
    for (const { name: table, sql } of tables) {
      if (skip.includes(table)) continue;
      const hash = createHash("sha256");
      const order = /WITHOUT ROWID/i.test(sql) ? "" : " ORDER BY rowid";
      const columns = BACKGROUND_COLUMNS_LEFT_OUT[table] ?? "*";
      const where = BACKGROUND_ROWS_LEFT_OUT[table] ?? "";
      for (const row of db.prepare(`SELECT ${columns} FROM "${table}"${where}${order}`).raw().iterate()) hash.update(JSON.stringify(row));
      out[table] = hash.digest("hex");
    }
    return out;
  })();
}

/** Tables whose digest differs. */
export const changedTables = (before: Record<string, string>, after: Record<string, string>) =>
  [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((table) => before[table] !== after[table]);

/**
 * The money invariants, read from the database in one snapshot; returns the violations.
 * - no wallet (its ledger account "wallet:{userId}") below zero, no statement row leaving a balance below zero;
 * - for every user, the statement sums to the wallet's balance;
 * - for every order, its ledger rows net to minus its total when it is a Submitted or
 *   Completed wallet order and to zero otherwise (no charge without such an order, no such
 *   order without its charge; a cancel refunds exactly once).
 */
export function moneyProblems(db: Database.Database, limit = 20): string[] {
  return db.transaction(() => {
    const problems: string[] = [];
    const add = (rows: unknown[], what: string) => {
      for (const row of rows.slice(0, limit)) problems.push(`${what}: ${JSON.stringify(row)}`);
    };
    add(db.prepare(`SELECT id, balanceCents FROM "LedgerAccount" WHERE kind = 'wallet' AND balanceCents < 0`).all(), "negative balance");
    add(db.prepare(`SELECT id, userId, balanceAfterCents FROM "WalletTransaction" WHERE balanceAfterCents < 0`).all(), "ledger row below zero");
    add(
      db
        .prepare(
          `SELECT u.id, COALESCE(a.balanceCents, 0) AS walletCents, COALESCE(SUM(t.amountCents), 0) AS ledger FROM "User" u
             LEFT JOIN "LedgerAccount" a ON a.id = 'wallet:' || u.id LEFT JOIN "WalletTransaction" t ON t.userId = u.id
           GROUP BY u.id HAVING COALESCE(a.balanceCents, 0) <> COALESCE(SUM(t.amountCents), 0)`,
        )
        .all(),
      "ledger sum differs from balance",
    );
    add(
      db
        .prepare(
          `SELECT o.id, o.stage, o.paymentMethod, o.totalCents, COALESCE(SUM(t.amountCents), 0) AS net,
             SUM(t.kind = 'payment') AS payments, SUM(t.kind = 'refund') AS refunds
           FROM "Order" o LEFT JOIN "WalletTransaction" t ON t.orderId = o.id
           GROUP BY o.id
           HAVING net <> CASE WHEN o.paymentMethod = 'wallet' AND o.stage IN (${PAID_STAGES}) THEN -o.totalCents ELSE 0 END
              OR COALESCE(payments, 0) > 1 OR COALESCE(refunds, 0) > 1`,
        )
        .all(),
      "order's ledger does not match its status",
    );
    // The marketplace ledger (docs/architecture/ledger.md): every entry whole and balanced, every
    // balance the sum of its lines, the sum over all accounts zero, none but external negative.
    for (const check of LEDGER_CHECKS) add(db.prepare(check.sql).all(), `ledger: ${check.name}`);
    return problems;
  })();
}

export function integrityCheck(db: Database.Database): string {
  return (db.pragma("integrity_check") as { integrity_check: string }[]).map((row) => row.integrity_check).join("; ");
}

/** A user's wallet balance: their ledger account "wallet:{userId}" (0 before its first credit; undefined for no such user). */
export const walletCentsOf = (db: Database.Database, userId: number) =>
  (
    db.prepare(`SELECT COALESCE(a.balanceCents, 0) AS walletCents FROM "User" u LEFT JOIN "LedgerAccount" a ON a.id = 'wallet:' || u.id WHERE u.id = ?`).get(userId) as
      { walletCents: number } | undefined
  )?.walletCents;
