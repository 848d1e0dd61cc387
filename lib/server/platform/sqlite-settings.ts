import "server-only";
import type Database from "better-sqlite3";

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
