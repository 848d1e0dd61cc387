import "server-only";
import { config } from "./config";
import { createDb, postgresPoolOf, sqliteConnectionOf, type Db } from "./create-db";
import type { SqliteConnection } from "./sqlite-transactions";

// The one Prisma client of the process, created on first use (never at build time) and
// kept on globalThis so dev-mode reloads do not open a connection per edit. It remembers the
// database it was made for: a client a module made for another database (a test file's leftover
// timer touching `db` after its file ended, in a worker that runs several files) is replaced, not
// reused. A client a test puts there itself (no URL recorded) is used as it is.
const holder = globalThis as { __noshDb?: Db; __noshDbUrl?: string };

function client(): Db {
  const url = config().databaseUrl;
  if (holder.__noshDb && holder.__noshDbUrl !== undefined && holder.__noshDbUrl !== url) {
    void holder.__noshDb.$disconnect().catch(() => {});
    holder.__noshDb = undefined;
  }
  if (!holder.__noshDb) {
    holder.__noshDb = createDb(url, { busyTimeoutMs: config().sqliteBusyTimeoutMs });
    holder.__noshDbUrl = url;
  }
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

/** The pool under the process's PostgreSQL client (create-db.ts postgresPoolOf); null on SQLite. */
export const postgresPool = () => postgresPoolOf(client());

export type { Db };
export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];
