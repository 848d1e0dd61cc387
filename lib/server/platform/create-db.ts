import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { PrismaClient as PostgresPrismaClient } from "@/lib/generated/prisma-postgresql/client";
import { SerializedSqliteFactory, type SqliteConnection } from "./sqlite-transactions";

/**
 * The one client type the app codes against. Prisma 7 generates a client per datasource
 * provider (prisma/generate.mjs makes both from the one schema); their model APIs are the
 * same apart from PostgreSQL-only options, which the app does not use (text search goes
 * through lib/server/platform/queries/text-filter.ts), so the PostgreSQL client is typed as this one.
 */
export type Db = PrismaClient;

/** `onQuery`: called with each SQL statement Prisma sends (its query events), for tests that count them. */
type Options = { busyTimeoutMs?: number; onQuery?: (sql: string) => void };

type QueryEvents = { $on(event: "query", listener: (event: { query: string }) => void): void };

/** Subscribes `onQuery` to the client's query events (the client must be created with `log` for them). */
function listen<T>(client: T, onQuery: Options["onQuery"]): T {
  if (onQuery) (client as unknown as QueryEvents).$on("query", (event) => onQuery(event.query));
  return client;
}

export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//.test(url);

/** A Prisma client for DATABASE_URL: better-sqlite3 for file: URLs, pg for postgresql: URLs. */
export function createDb(databaseUrl: string, options: Options = {}): Db {
  const omit = { user: { passwordHash: true } } as const;
  if (isPostgresUrl(databaseUrl)) {
    // READ COMMITTED (PostgreSQL's default); money stays correct through conditional updates
    // (lib/server/wallet/ledger.ts), which PostgreSQL re-checks against the row's latest version.
    // The pool is ours, so the hottest reads can skip Prisma's query pipeline (postgresPoolOf);
    // Prisma ends it on $disconnect.
    const pool = new pg.Pool({ connectionString: databaseUrl });
    // An idle connection's error (a restarted server) drops that connection; unheard, it would end the process.
    pool.on("error", () => {});
    const adapter = new PrismaPg(pool, { disposeExternalPool: true });
    // Each interactive transaction holds one of the pool's connections (pg's default: 10)
    // while it waits for row locks, so a burst on one wallet queues for a connection: give
    // it longer than Prisma's 2 s default before answering 503 (tested with 50 at once).
    const transactionOptions = { maxWait: 10_000, timeout: 15_000 };
    const log = options.onQuery ? [{ emit: "event" as const, level: "query" as const }] : [];
    const client = listen(new PostgresPrismaClient({ adapter, omit, transactionOptions, log }), options.onQuery) as unknown as Db;
    postgresPools.set(client, pool);
    return client;
  }
  const log = options.onQuery ? [{ emit: "event" as const, level: "query" as const }] : [];
  const factory = new SerializedSqliteFactory(databaseUrl, options.busyTimeoutMs ?? 5000);
  const client: Db = listen(new PrismaClient({ adapter: factory, omit, log }), options.onQuery);
  sqliteFactories.set(client, factory);
  return client;
}

/**
 * Each SQLite client's factory, on globalThis: Next.js loads this module once per route bundle,
 * and the process's one client (db.ts) is created by whichever bundle asked first. A module-level
 * map was empty in every other bundle, so their sqlTransaction quietly ran as Prisma interactive
 * transactions, each commit waiting for the disk on the event loop (found by the couriers bench:
 * docs/log/performance.md "Couriers").
 */
const factoryHolder = globalThis as { __noshSqliteFactories?: WeakMap<object, SerializedSqliteFactory>; __noshDbStandIns?: WeakMap<object, () => Db> };
const sqliteFactories = (factoryHolder.__noshSqliteFactories ??= new WeakMap<object, SerializedSqliteFactory>());

/**
 * Stand-ins for a client (db.ts's `db`, a Proxy that makes the process's client on first use),
 * each with what answers the client behind it: without them sqliteConnectionOf(db) found no
 * factory, and the order event hub's poll (given `db`) read every batch through Prisma.
 */
const standIns = (factoryHolder.__noshDbStandIns ??= new WeakMap<object, () => Db>());

/** Makes sqliteConnectionOf(`standIn`) the connection of the client `behind()` answers. */
export function standInFor(standIn: Db, behind: () => Db): Db {
  standIns.set(standIn, behind);
  return standIn;
}

/** Each PostgreSQL client's pool, on globalThis for the same reason. */
const poolHolder = globalThis as { __noshPostgresPools?: WeakMap<object, pg.Pool> };
const postgresPools = (poolHolder.__noshPostgresPools ??= new WeakMap<object, pg.Pool>());

/**
 * The pool under `db`'s PostgreSQL adapter, or null on SQLite: a statement sent here skips Prisma's
 * client (about 0.3 ms of the worker's CPU a statement) and runs on an idle connection, never
 * inside another request's transaction (which holds its own connection until it ends).
 */
export function postgresPoolOf(db: Db): pg.Pool | null {
  return postgresPools.get(standIns.get(db)?.() ?? db) ?? null;
}

/** `db`'s SQLite connection (opened first if Prisma has not yet), or null when `db` is PostgreSQL's. */
export async function sqliteConnectionOf(db: Db): Promise<SqliteConnection | null> {
  db = standIns.get(db)?.() ?? db;
  const factory = sqliteFactories.get(db);
  if (!factory) return null;
  if (!factory.connection) await db.$connect();
  return factory.connection;
}

/** "sqlite" or "postgresql": which generated client `db` is. */
export function providerOf(db: Db): "sqlite" | "postgresql" {
  return (db as unknown as { _activeProvider: string })._activeProvider === "postgresql" ? "postgresql" : "sqlite";
}
