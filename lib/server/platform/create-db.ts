import "server-only";
import type { SqlDriverAdapter, SqlDriverAdapterFactory, Transaction } from "@prisma/driver-adapter-utils";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import type Database from "better-sqlite3";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { PrismaClient as PostgresPrismaClient } from "@/lib/generated/prisma-postgresql/client";

/**
 * The one client type the app codes against. Prisma 7 generates a client per datasource
 * provider (prisma/generate.mjs makes both from the one schema); their model APIs are the
 * same apart from PostgreSQL-only options, which the app does not use (text search goes
 * through lib/server/search/text-filter.ts), so the PostgreSQL client is typed as this one.
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
    const adapter = new PrismaPg({ connectionString: databaseUrl });
    // Each interactive transaction holds one of the pool's connections (pg's default: 10)
    // while it waits for row locks, so a burst on one wallet queues for a connection: give
    // it longer than Prisma's 2 s default before answering 503 (tested with 50 at once).
    const transactionOptions = { maxWait: 10_000, timeout: 15_000 };
    const log = options.onQuery ? [{ emit: "event" as const, level: "query" as const }] : [];
    return listen(new PostgresPrismaClient({ adapter, omit, transactionOptions, log }), options.onQuery) as unknown as Db;
  }
  const log = options.onQuery ? [{ emit: "event" as const, level: "query" as const }] : [];
  const factory = new SerializedSqliteFactory(databaseUrl, options.busyTimeoutMs ?? 5000);
  const client: Db = listen(new PrismaClient({ adapter: factory, omit, log }), options.onQuery);
  sqliteFactories.set(client, factory);
  return client;
}

/**
 * Prisma's better-sqlite3 adapter keeps one connection per process and opens interactive
 * transactions with a DEFERRED `BEGIN` on it, while other requests' queries keep running on
 * that same connection. A query from another request that lands between two awaits of an
 * open transaction would silently become part of it (and be rolled back with it). This
 * wrapper makes plain queries wait while a transaction is open, and begins transactions
 * IMMEDIATE so the write lock is taken up front and COMMIT never meets SQLITE_BUSY from
 * another process (prisma/orm#29933); e2e/reliability/contention.spec.ts proves both.
 */
class SerializedSqliteFactory implements SqlDriverAdapterFactory {
  readonly provider = "sqlite";
  readonly adapterName: string;
  readonly #inner: PrismaBetterSqlite3;

  constructor(
    url: string,
    private readonly busyTimeoutMs: number,
  ) {
    this.#inner = new PrismaBetterSqlite3({ url, timeout: busyTimeoutMs });
    this.adapterName = this.#inner.adapterName;
  }

  /** The connection, once Prisma has opened it (its first query): sqliteConnectionOf() hands it out. */
  connection: SqliteConnection | null = null;

  async connect(): Promise<SqlDriverAdapter> {
    const adapter = await this.#inner.connect();
    const client = (adapter as unknown as { client: Database.Database }).client;
    configureSqlite(client, this.busyTimeoutMs);
    const prepare = client.prepare.bind(client);
    // serialize() begins each transaction IMMEDIATE itself, before the adapter's startTransaction,
    // whose own `BEGIN` therefore becomes a no-op. The adapter takes an internal mutex before its
    // BEGIN and never releases it when BEGIN throws: a BEGIN that met SQLITE_BUSY there left
    // every later transaction of the process waiting forever (found by the contention proof).
    const alreadyBegun = { run: () => ({ changes: 0, lastInsertRowid: 0 }) };
    const statements = new PreparedStatements(prepare);
    client.prepare = ((sql: string) => (sql === "BEGIN" ? alreadyBegun : statements.get(sql))) as unknown as typeof client.prepare;
    const lock = new TransactionLock();
    const hooks = {
      begin: () => void statements.statement("BEGIN IMMEDIATE").run(),
      abort: () => {
        if (client.inTransaction) statements.statement("ROLLBACK").run();
      },
    };
    this.connection = { statement: (sql) => statements.statement(sql), lock, ...hooks, commit: () => void statements.statement("COMMIT").run() };
    return serialize(adapter, lock, hooks);
  }
}

/**
 * The process's SQLite connection as lib/server/platform/sql.ts's direct transactions use it, beside
 * Prisma: its kept statements, the lock Prisma's transactions take too (so the two never
 * interleave on the one connection), and BEGIN IMMEDIATE / COMMIT / ROLLBACK.
 */
export type SqliteConnection = {
  statement(sql: string): Database.Statement;
  lock: TransactionLock;
  begin(): void;
  commit(): void;
  abort(): void;
};

const sqliteFactories = new WeakMap<object, SerializedSqliteFactory>();

/** `db`'s SQLite connection (opened first if Prisma has not yet), or null when `db` is PostgreSQL's. */
export async function sqliteConnectionOf(db: Db): Promise<SqliteConnection | null> {
  const factory = sqliteFactories.get(db);
  if (!factory) return null;
  if (!factory.connection) await db.$connect();
  return factory.connection;
}

/**
 * One transaction at a time on the connection: Prisma's (serialize() below) and the direct ones
 * (lib/server/platform/sql.ts). `claim` waits until none is open and marks one open, with no await between
 * the check and the claim: two transactions starting together must not both see "idle" (the second
 * would BEGIN inside the first, and the first's commit would clear the second's mark).
 */
export class TransactionLock {
  #open: Promise<void> | null = null;

  async idle(): Promise<void> {
    while (this.#open) await this.#open;
  }

  /** Resolves, once no transaction is open, with the function that ends this one's claim. */
  async claim(): Promise<() => void> {
    while (this.#open) await this.#open;
    let resolve!: () => void;
    const open = new Promise<void>((r) => (resolve = r));
    this.#open = open;
    return () => {
      if (this.#open === open) this.#open = null;
      resolve();
    };
  }
}

/**
 * The adapter prepares every statement it runs (`client.prepare(sql).bind(args)`), and SQLite's
 * compiling of a statement was about 5% of a wallet checkout's CPU (docs/log/performance.md). Prisma
 * sends the same few hundred SQL texts with `?` parameters, so each is prepared once per
 * connection and kept. better-sqlite3 binds parameters to a statement for good, so the adapter
 * gets a view of the kept statement that passes its parameters to each call instead; it uses
 * only `reader`, `run()`, `columns()` and `raw().all()` (node_modules/@prisma/adapter-better-sqlite3).
 * Statements are run synchronously, one at a time, so one kept statement is never in use twice.
 * At most MAX texts are kept (then new ones are prepared per use, as before): the SQL of an
 * `IN (?,?,...)` list differs with its length, so the texts are many but bounded by the app's queries.
 */
class PreparedStatements {
  static readonly MAX = 2000;
  readonly #kept = new Map<string, { statement: Database.Statement; columns?: Database.ColumnDefinition[] }>();

  constructor(private readonly prepare: (sql: string) => Database.Statement) {}

  #entry(sql: string) {
    let entry = this.#kept.get(sql);
    if (!entry) {
      entry = { statement: this.prepare(sql) };
      if (this.#kept.size < PreparedStatements.MAX) this.#kept.set(sql, entry);
    }
    return entry;
  }

  /** The kept statement itself (lib/server/platform/sql.ts runs it with its parameters on each call). */
  statement(sql: string): Database.Statement {
    return this.#entry(sql).statement;
  }

  get(sql: string) {
    const kept = this.#entry(sql);
    const statement = kept.statement;
    return {
      bind: (args: unknown[]) => ({
        reader: statement.reader,
        run: () => statement.run(args),
        // A statement's result columns are fixed by its SQL (the schema does not change while
        // the server runs: migrations run before it starts), and reading them was 2.5% of a checkout.
        columns: () => (kept.columns ??= statement.columns()),
        raw: () => ({ all: () => statement.raw(true).all(args) }),
      }),
      run: () => statement.run(),
    };
  }
}

/** `PRAGMA synchronous` reads back as a number: 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA. */
const SYNCHRONOUS_FULL = 2;

/**
 * The settings money depends on, applied to every SQLite connection (the server's and the
 * migration runner's) and read back: WAL (readers never block the writer, a crash leaves the
 * last committed transaction intact), synchronous FULL (a commit is on disk before it is
 * acknowledged, even across a power loss), foreign keys, and the busy timeout after which a
 * request that cannot get the write lock answers 503. A setting that did not take (an
 * in-memory or otherwise unsuitable database) stops the server from starting.
 */
export function configureSqlite(client: Database.Database, busyTimeoutMs: number): void {
  client.pragma("journal_mode = WAL");
  client.pragma("synchronous = FULL");
  client.pragma("foreign_keys = ON");
  client.pragma(`busy_timeout = ${busyTimeoutMs}`);
  const actual = {
    journal_mode: String(client.pragma("journal_mode", { simple: true })).toLowerCase(),
    synchronous: Number(client.pragma("synchronous", { simple: true })),
    foreign_keys: Number(client.pragma("foreign_keys", { simple: true })),
    busy_timeout: Number(client.pragma("busy_timeout", { simple: true })),
  };
  const expected = { journal_mode: "wal", synchronous: SYNCHRONOUS_FULL, foreign_keys: 1, busy_timeout: busyTimeoutMs };
  const wrong = (Object.keys(expected) as (keyof typeof expected)[]).filter((key) => actual[key] !== expected[key]);
  if (wrong.length) {
    const detail = wrong.map((key) => `${key} is ${actual[key]}, expected ${expected[key]}`).join("; ");
    throw new Error(`SQLite settings did not take on ${client.name} (${detail})`);
  }
}
/**
 * Plain queries wait while a transaction is open; `begin` takes the write lock (waiting up to
 * the busy timeout, then throwing SQLITE_BUSY, which the API answers with 503) before the
 * adapter's transaction starts, and `abort` undoes it if the adapter then fails.
 */
function serialize(adapter: SqlDriverAdapter, lock: TransactionLock, hooks: { begin: () => void; abort: () => void }): SqlDriverAdapter {
  return new Proxy(adapter, {
    get(target, key, receiver) {
      if (key === "queryRaw" || key === "executeRaw" || key === "executeScript") {
        const method = Reflect.get(target, key, receiver) as (...args: unknown[]) => Promise<unknown>;
        return async (...args: unknown[]) => {
          await lock.idle();
          return method.apply(target, args);
        };
      }
      if (key === "startTransaction") {
        return async (...args: unknown[]): Promise<Transaction> => {
          const release = await lock.claim();
          let tx: Transaction;
          try {
            hooks.begin();
            tx = await target.startTransaction(...(args as Parameters<SqlDriverAdapter["startTransaction"]>));
          } catch (error) {
            hooks.abort();
            release();
            throw error;
          }
          const finish = (fn: () => Promise<void>) => async () => {
            try {
              await fn();
            } finally {
              release();
            }
          };
          tx.commit = finish(tx.commit.bind(tx));
          tx.rollback = finish(tx.rollback.bind(tx));
          return tx;
        };
      }
      const value = Reflect.get(target, key, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** "sqlite" or "postgresql": which generated client `db` is. */
export function providerOf(db: Db): "sqlite" | "postgresql" {
  return (db as unknown as { _activeProvider: string })._activeProvider === "postgresql" ? "postgresql" : "sqlite";
}

/**
 * After rows were inserted with explicit ids (the seed does), moves every PostgreSQL id
 * sequence past the largest id so the next insert does not collide. SQLite's AUTOINCREMENT
 * needs nothing: it continues from the largest id by itself.
 */
export async function syncIdSequences(db: Db): Promise<void> {
  if (providerOf(db) !== "postgresql") return;
  await db.$executeRawUnsafe(`DO $$ DECLARE r record; BEGIN
    FOR r IN SELECT table_name, column_name FROM information_schema.columns
             WHERE table_schema = current_schema() AND column_default LIKE 'nextval(%' LOOP
      EXECUTE format('SELECT setval(pg_get_serial_sequence(%L, %L), COALESCE(MAX(%I), 0) + 1, false) FROM %I',
                     quote_ident(r.table_name), r.column_name, r.column_name, r.table_name);
    END LOOP;
  END $$`);
}
