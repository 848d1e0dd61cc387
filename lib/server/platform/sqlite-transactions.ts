import "server-only";
import type { SqlDriverAdapter, SqlDriverAdapterFactory, Transaction } from "@prisma/driver-adapter-utils";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import type Database from "better-sqlite3";
import { PreparedStatements } from "./prepared-statements";
import { configureSqlite } from "./sqlite-settings";

// Transactions on SQLite's one connection: Prisma's own `BEGIN` disabled, every transaction
// begun IMMEDIATE and one at a time, Prisma's and the direct ones of sql.ts alike (create-db.ts
// builds the client on SerializedSqliteFactory).

/**
 * Prisma's better-sqlite3 adapter keeps one connection per process and opens interactive
 * transactions with a DEFERRED `BEGIN` on it, while other requests' queries keep running on
 * that same connection. A query from another request that lands between two awaits of an
 * open transaction would silently become part of it (and be rolled back with it). This
 * wrapper makes plain queries wait while a transaction is open, and begins transactions
 * IMMEDIATE so the write lock is taken up front and COMMIT never meets SQLITE_BUSY from
 * another process (prisma/orm#29933); e2e/reliability/contention.spec.ts proves both.
 */
export class SerializedSqliteFactory implements SqlDriverAdapterFactory {
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
    const durability = relaxableDurability(client);
    const statements = new PreparedStatements(client.prepare.bind(client), durability.beforeWrite);
    disablePrismaBegin(client, statements);
    const lock = new TransactionLock();
    const hooks = {
      begin: () => void statements.statement("BEGIN IMMEDIATE").run(),
      abort: () => {
        if (client.inTransaction) statements.statement("ROLLBACK").run();
      },
    };
    this.connection = {
      statement: (sql) => statements.statement(sql),
      lock,
      ...hooks,
      commit: () => void statements.statement("COMMIT").run(),
      relax: durability.relax,
      unrelax: durability.unrelax,
    };
    return serialize(adapter, lock, hooks);
  }
}

/**
 * The device (docs/performance.md, "The devices that keep it fast"): Prisma's own `BEGIN` is
 * disabled. serialize() begins each transaction IMMEDIATE itself, before the adapter's
 * startTransaction, whose own `BEGIN` therefore becomes a no-op. The adapter takes an internal
 * mutex before its BEGIN and never releases it when BEGIN throws: a BEGIN that met SQLITE_BUSY
 * there left every later transaction of the process waiting forever (found by the contention
 * proof). Every other statement the adapter prepares is a kept one (prepared-statements.ts).
 */
function disablePrismaBegin(client: Database.Database, statements: PreparedStatements): void {
  const alreadyBegun = { run: () => ({ changes: 0, lastInsertRowid: 0 }) };
  client.prepare = ((sql: string) => (sql === "BEGIN" ? alreadyBegun : statements.get(sql))) as unknown as typeof client.prepare;
}

/**
 * A relaxed transaction's commit (sql.ts Durability) on a connection whose setting is FULL: `relax`
 * (under the transaction lock, before its BEGIN) sets `synchronous = NORMAL` unless a relaxed one
 * left it so, `unrelax` when it has ended; the setting goes back to FULL only as the next statement
 * that may write is handed out outside a relaxed transaction (`beforeWrite`, from the kept
 * statements: every BEGIN, COMMIT and autocommit write of Prisma's and of sql.ts), before it runs.
 * So every other commit waits for the disk as before, and relaxed ones in a row (positions) share
 * one setting instead of two PRAGMAs each. Reads, which commit nothing, leave it as it is.
 */
function relaxableDurability(client: Database.Database) {
  // Run afresh each time, never kept: SQLite applies this PRAGMA as it compiles it, and a kept one
  // compiled before the other did nothing on its first run.
  const toFull = { run: () => client.exec("PRAGMA synchronous = FULL") };
  const toNormal = { run: () => client.exec("PRAGMA synchronous = NORMAL") };
  let normal = false;
  let relaxedOpen = false;
  return {
    beforeWrite: () => {
      if (!normal || relaxedOpen) return;
      // Its BEGIN set it back: a write inside a transaction never finds it relaxed (nor could SQLite change it there).
      if (client.inTransaction) throw new Error("A write inside a transaction found the commit relaxed");
      toFull.run();
      normal = false;
    },
    relax: () => {
      if (!normal) toNormal.run();
      normal = true;
      relaxedOpen = true;
    },
    unrelax: () => void (relaxedOpen = false),
  };
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
  /** Before a relaxed transaction's BEGIN, under the lock: its commit will not wait for the disk (relaxableDurability). */
  relax(): void;
  /** After it, committed or not. */
  unrelax(): void;
};

/**
 * One transaction at a time on the connection: Prisma's (serialize() below) and the direct ones
 * (lib/server/platform/sql.ts). `claim` waits until none is open and marks one open, with no await between
 * the check and the claim: two transactions starting together must not both see "idle" (the second
 * would BEGIN inside the first, and the first's commit would clear the second's mark).
 */
export class TransactionLock {
  #open: Promise<void> | null = null;

  /** Whether a transaction is open now (checked synchronously, just before a statement that must not run inside it). */
  get busy(): boolean {
    return this.#open !== null;
  }

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
