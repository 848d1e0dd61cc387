import "server-only";
import { config } from "./config";
import { createDb, sqliteConnectionOf, type Db } from "./create-db";
import type { SqliteConnection } from "./sqlite-transactions";

// The one Prisma client of the process, created on first use (never at build time) and
// kept on globalThis so dev-mode reloads do not open a connection per edit.
const holder = globalThis as { __noshDb?: Db };

function client(): Db {
  holder.__noshDb ??= createDb(config().databaseUrl, { busyTimeoutMs: config().sqliteBusyTimeoutMs });
  return holder.__noshDb;
}

export const db: Db = new Proxy({} as Db, {
  get(_target, key) {
    const prisma = client();
    const value = Reflect.get(prisma, key);
    return typeof value === "function" ? value.bind(prisma) : value;
  },
});

/** The process's SQLite connection for lib/server/platform/sql.ts's direct transactions; null on PostgreSQL. */
export const sqliteConnection = (): Promise<SqliteConnection | null> => sqliteConnectionOf(client());

export type { Db };
export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];
