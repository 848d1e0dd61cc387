import "server-only";
import type { SqlDriverAdapter, SqlDriverAdapterFactory, Transaction } from "@prisma/driver-adapter-utils";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import type Database from "better-sqlite3";
import { PrismaClient } from "@/lib/generated/prisma/client";

export type Db = PrismaClient;

type Options = { busyTimeoutMs?: number };

/** A Prisma client for DATABASE_URL: better-sqlite3 for file: URLs, pg for postgresql: URLs. */
export function createDb(databaseUrl: string, options: Options = {}): Db {
  const adapter = /^postgres(ql)?:\/\//.test(databaseUrl)
    ? new PrismaPg({ connectionString: databaseUrl })
    : new SerializedSqliteFactory(databaseUrl, options.busyTimeoutMs ?? 5000);
  return new PrismaClient({ adapter, omit: { user: { passwordHash: true } } });
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
