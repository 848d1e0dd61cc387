import "server-only";
import { providerOf } from "./create-db";
import type { SqliteConnection } from "./sqlite-transactions";
import { db, postgresPool, sqliteConnection, type Tx } from "./db";
import { poolSql } from "./pool-sql";
import { recordQuery } from "./log";
import { row } from "./row";

/**
 * Plain SQL on either database, for the hottest write path (the wallet checkout and what it
 * shares: lib/server/orders/create.ts, lib/server/wallet/ledger.ts; docs/log/performance.md "Wallet
 * checkout"). Statements use `?` placeholders and double-quoted identifiers, which both dialects
 * read alike (PostgreSQL's `$1, $2, ...` are written in by sqlOf). Parameters are numbers,
 * strings, null, booleans and Dates. Rows come back as each driver gives them (SQLite 0/1 and its
 * date text, PostgreSQL booleans, Dates and bigint for BIGINT): read them with one decoder per
 * row shape (row.ts `rowOf`), in the domain's queries module.
 */
export interface Sql {
  all<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** The Prisma transaction these statements run in (sqlOf); absent on SQLite's direct path (sqlTransaction). */
  readonly tx?: Tx;
}

/**
 * Statements inside a Prisma transaction (sqlOf, or sqlTransaction with `{ prisma: true }`): a
 * step that also uses Prisma takes this type, so a caller that forgot `{ prisma: true }` is a
 * compile error (sql.test-d.ts), not a run-time throw.
 */
export interface PrismaSql extends Sql {
  readonly tx: Tx;
}

/** The Prisma transaction under `sql`, for a step written with Prisma. */
export const prismaOf = (sql: PrismaSql): Tx => sql.tx;

/** The first row of a statement, decoded by its row shape's decoder (row.ts `rowOf`); undefined when it returns none. */
export async function oneRow<T>(sql: Sql, text: string, params: readonly unknown[], decode: (raw: unknown) => T): Promise<T | undefined> {
  const [found] = await sql.all(text, params);
  return found === undefined ? undefined : decode(found);
}

/** `(?, ?, ?)` for `count` values, for INSERT lists and IN lists. */
export const placeholders = (count: number) => `(${Array.from({ length: count }, () => "?").join(", ")})`;

/**
 * INSERT of `rows` (one statement, whatever their number) into `table`, the columns those of the
 * first row (every row has the same keys: the callers build them from typed objects, never from
 * input), returning the new ids in insertion order.
 */
export async function insertReturningIds(sql: Sql, table: string, rows: readonly Record<string, unknown>[]): Promise<number[]> {
  if (!rows.length) return [];
  const columns = Object.keys(rows[0]!);
  const text = `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES ${rows.map(() => placeholders(columns.length)).join(", ")} RETURNING "id"`;
  const inserted = await sql.all(
    text,
    rows.flatMap((row) => columns.map((column) => row[column])),
  );
  return inserted.map((inserted) => row.int(inserted.id, "id")).sort((a, b) => a - b);
}

/** The statements of a Prisma transaction (any caller's `tx`), through its raw queries. */
export function sqlOf(tx: Tx): PrismaSql {
  const postgres = providerOf(db) === "postgresql";
  return {
    tx,
    all: <T>(text: string, params: readonly unknown[] = []) => {
      let n = 0;
      return tx.$queryRawUnsafe<T[]>(postgres ? text.replace(/\?/g, () => `$${++n}`) : text, ...params);
    },
  };
}

/** Statements outside any transaction, each on its own (the outbox worker's claim and marks), `?` placeholders on either database. */
export function plainSql(): Sql {
  const postgres = providerOf(db) === "postgresql";
  return {
    all: <T>(text: string, params: readonly unknown[] = []) => {
      let n = 0;
      return timed("statement", db.$queryRawUnsafe<T[]>(postgres ? text.replace(/\?/g, () => `$${++n}`) : text, ...params));
    },
  };
}

/**
 * Reads outside any transaction, each statement on its own, `?` placeholders on either database:
 * the session's user and the personal reads (lib/server/orders/page-rows.ts, accounts/queries.ts).
 * Never through Prisma's client (its query engine was most of a list page's CPU:
 * docs/log/performance.md "Personal lists"): on SQLite straight on the connection's kept
 * statements, as sqlTransaction's direct path does, each one run only while no transaction is
 * open on the connection (checked synchronously just before it runs, so it never reads another
 * request's uncommitted writes); on PostgreSQL as named statements on the pool (pool-sql.ts).
 */
export async function readSql(): Promise<Sql> {
  const connection = await sqliteConnection();
  if (!connection) {
    const pool = postgresPool();
    return pool ? poolSql(pool) : plainSql();
  }
  return {
    all: async <R>(text: string, params: readonly unknown[] = []) => {
      while (connection.lock.busy) await connection.lock.idle();
      const start = performance.now();
      const rows = connection.statement(text).raw(false).all(params.map(sqliteParam)) as R[];
      recordQuery("read", (performance.now() - start) / 1000);
      return rows;
    },
  };
}

/**
 * How a transaction's commit meets the disk:
 * - "full" (the default, and everything that touches money): the commit is on disk before it is
 *   acknowledged (SQLite's `synchronous=FULL`, set on every connection: sqlite-settings.ts;
 *   PostgreSQL's default `synchronous_commit`).
 * - "relaxed": the commit is acknowledged without waiting for the disk (SQLite `synchronous=NORMAL`
 *   for this transaction alone; PostgreSQL `SET LOCAL synchronous_commit = off`). The database stays
 *   consistent, and a process crash loses nothing; only a power cut or an OS crash may lose the
 *   last such commits, never one that another "full" commit followed (the next full commit syncs
 *   the log up to itself). For data that is soon out of date anyway: a courier's positions
 *   (docs/architecture/couriers.md "Positions": a wait for the disk was 4 ms of a blocked event loop
 *   per report, most of the server at 200 reports a second).
 */
export type Durability = "full" | "relaxed";

/**
 * Runs `work` in one transaction. On SQLite, directly on the connection (BEGIN IMMEDIATE, the
 * kept statements, COMMIT), under the lock Prisma's transactions take (sqlite-transactions.ts), so it never
 * interleaves with one: Prisma's interactive transaction and its query engine were half of a
 * wallet checkout's CPU. On PostgreSQL, or when `prisma` asks for it (work that also uses
 * Prisma: prismaOf), a Prisma transaction (its pool and timeouts). Anything `work` throws rolls
 * everything back. `durability`: see Durability (relaxed needs the direct path on SQLite).
 */
export function sqlTransaction<T>(work: (sql: PrismaSql) => Promise<T>, options: { prisma: true; durability?: Durability }): Promise<T>;
export function sqlTransaction<T>(work: (sql: Sql) => Promise<T>, options?: { prisma?: false; durability?: Durability }): Promise<T>;
export async function sqlTransaction<T>(work: (sql: PrismaSql) => Promise<T>, options: { prisma?: boolean; durability?: Durability } = {}): Promise<T> {
  const relaxed = options.durability === "relaxed";
  const connection = options.prisma ? null : await sqliteConnection();
  if (!connection) {
    const postgres = providerOf(db) === "postgresql";
    return timed(
      "transaction",
      db.$transaction(async (tx) => {
        if (relaxed && postgres) await tx.$executeRawUnsafe("SET LOCAL synchronous_commit = off");
        return work(sqlOf(tx));
      }),
    );
  }
  // Only without `prisma` (the overloads): `work` takes a plain Sql, whose `tx` it never reads.
  return timed("transaction", directTransaction(connection, work as (sql: Sql) => Promise<T>, relaxed));
}

/** `pending`, its time recorded for the metrics (nosh_db_query_duration_seconds) when it settles. */
async function timed<T>(kind: "transaction" | "statement", pending: Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await pending;
  } finally {
    recordQuery(kind, (performance.now() - start) / 1000);
  }
}

/** better-sqlite3 binds these: booleans as 0/1 and dates in Prisma's text (its adapter's iso8601 format), as Prisma writes them. */
function sqliteParam(value: unknown): unknown {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString().replace("Z", "+00:00");
  return value;
}

async function directTransaction<T>(connection: SqliteConnection, work: (sql: Sql) => Promise<T>, relaxed = false): Promise<T> {
  const sql: Sql = {
    all: async <R>(text: string, params: readonly unknown[] = []) => {
      const statement = connection.statement(text);
      const args = params.map(sqliteParam);
      // Rows as objects: Prisma's adapter sets its kept statements (the same ones, for the same
      // text) to arrays, raw(true), before each of its reads.
      if (statement.reader) return statement.raw(false).all(args) as R[];
      statement.run(args);
      return [];
    },
  };
  const release = await connection.lock.claim();
  try {
    // Under the lock: no other transaction of this process commits while the setting is relaxed,
    // and every other write finds it FULL again (set back as its statement is handed out:
    // sqlite-transactions.ts relaxableDurability).
    if (relaxed) connection.relax();
    try {
      connection.begin();
      try {
        const result = await work(sql);
        connection.commit();
        return result;
      } catch (error) {
        connection.abort();
        throw error;
      }
    } finally {
      if (relaxed) connection.unrelax();
    }
  } finally {
    release();
  }
}
