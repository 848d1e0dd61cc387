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
 * through lib/server/text-filter.ts), so the PostgreSQL client is typed as this one.
 */
export type Db = PrismaClient;

type Options = { busyTimeoutMs?: number };

export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//.test(url);

/** A Prisma client for DATABASE_URL: better-sqlite3 for file: URLs, pg for postgresql: URLs. */
export function createDb(databaseUrl: string, options: Options = {}): Db {
  const omit = { user: { passwordHash: true } } as const;
  if (isPostgresUrl(databaseUrl)) {
    // READ COMMITTED (PostgreSQL's default); money stays correct through conditional updates
    // (lib/server/ledger.ts), which PostgreSQL re-checks against the row's latest version.
    const adapter = new PrismaPg({ connectionString: databaseUrl });
    // Each interactive transaction holds one of the pool's connections (pg's default: 10)
    // while it waits for row locks, so a burst on one wallet queues for a connection: give
    // it longer than Prisma's 2 s default before answering 503 (tested with 50 at once).
    const transactionOptions = { maxWait: 10_000, timeout: 15_000 };
    return new PostgresPrismaClient({ adapter, omit, transactionOptions }) as unknown as Db;
  }
  return new PrismaClient({ adapter: new SerializedSqliteFactory(databaseUrl, options.busyTimeoutMs ?? 5000), omit });
}

/**
 * Prisma's better-sqlite3 adapter keeps one connection per process and opens interactive
 * transactions with a DEFERRED `BEGIN` on it, while other requests' queries keep running on
 * that same connection. A query from another request that lands between two awaits of an
 * open transaction would silently become part of it (and be rolled back with it). This
 * wrapper makes plain queries wait while a transaction is open, and begins transactions
 * IMMEDIATE so the write lock is taken up front and COMMIT never meets SQLITE_BUSY from
 * another process (prisma/orm#29933).
 */
class SerializedSqliteFactory implements SqlDriverAdapterFactory {
  readonly provider = "sqlite";
  readonly adapterName: string;
  readonly #inner: PrismaBetterSqlite3;

  constructor(url: string, private readonly busyTimeoutMs: number) {
    this.#inner = new PrismaBetterSqlite3({ url, timeout: busyTimeoutMs });
    this.adapterName = this.#inner.adapterName;
  }

  async connect(): Promise<SqlDriverAdapter> {
    const adapter = await this.#inner.connect();
    const client = (adapter as unknown as { client: Database.Database }).client;
    configureSqlite(client, this.busyTimeoutMs);
    const prepare = client.prepare.bind(client);
    client.prepare = ((sql: string) => prepare(sql === "BEGIN" ? "BEGIN IMMEDIATE" : sql)) as typeof client.prepare;
    return serialize(adapter);
  }
}

export function configureSqlite(client: Database.Database, busyTimeoutMs: number): void {
  client.pragma("journal_mode = WAL");
  client.pragma("synchronous = NORMAL");
  client.pragma("foreign_keys = ON");
  client.pragma(`busy_timeout = ${busyTimeoutMs}`);
}

function serialize(adapter: SqlDriverAdapter): SqlDriverAdapter {
  let open: Promise<void> | null = null;
  const idle = async () => {
    while (open) await open;
  };
  return new Proxy(adapter, {
    get(target, key, receiver) {
      if (key === "queryRaw" || key === "executeRaw" || key === "executeScript") {
        const method = Reflect.get(target, key, receiver) as (...args: unknown[]) => Promise<unknown>;
        return async (...args: unknown[]) => {
          await idle();
          return method.apply(target, args);
        };
      }
      if (key === "startTransaction") {
        return async (...args: unknown[]): Promise<Transaction> => {
          await idle();
          let release!: () => void;
          open = new Promise<void>((resolve) => (release = resolve));
          let tx: Transaction;
          try {
            tx = await target.startTransaction(...(args as Parameters<SqlDriverAdapter["startTransaction"]>));
          } catch (error) {
            open = null;
            release();
            throw error;
          }
          const finish = (fn: () => Promise<void>) => async () => {
            try {
              await fn();
            } finally {
              open = null;
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
