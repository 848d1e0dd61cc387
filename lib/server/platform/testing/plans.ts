import Database from "better-sqlite3";
import { afterAll } from "vitest";
import type { Sql } from "../sql";
import { testingOnPostgres } from "./db";

// What the query-plan tests share (ledger-plans, purge-plans): the statements a piece of work runs,
// recorded with their arguments, and SQLite's plan of each on a second, read-only connection to the
// test's database. On PostgreSQL (`npm run test:postgres`) the statements still run and are
// recorded; there is no planner here (null), so a test checks the plans only on SQLite.

export type Recorded = { text: string; params: readonly unknown[] };

/**
 * Runs `work` in a transaction on a Sql that records each statement it runs. The database module is
 * imported here, not at the top: a test file sets its database up (setUpTestDatabase) before it.
 */
export async function recorded<T>(work: (sql: Sql) => Promise<T>): Promise<{ result: T; statements: Recorded[] }> {
  const { sqlTransaction } = await import("../sql");
  const statements: Recorded[] = [];
  const result = await sqlTransaction((sql) =>
    work({
      all: (text, params = []) => {
        statements.push({ text, params });
        return sql.all(text, params);
      },
    }),
  );
  return { result, statements };
}

/**
 * SQLite's plan (EXPLAIN QUERY PLAN's `detail` lines) of a recorded statement, bound as the app
 * binds it (sql.ts sqliteParam: dates as ISO text, booleans as 0/1), on the test database at
 * `url`; null on PostgreSQL. The connection closes after the file's tests.
 */
export function sqlitePlanner(url: string): ((statement: Recorded) => string[]) | null {
  if (testingOnPostgres) return null;
  const explainer = new Database(url.replace(/^file:/, ""), { readonly: true });
  afterAll(() => explainer.close());
  return ({ text, params }) => {
    const bound = params.map((value) => (value instanceof Date ? value.toISOString().replace("Z", "+00:00") : typeof value === "boolean" ? Number(value) : value));
    return (explainer.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...bound) as { detail: string }[]).map((row) => row.detail);
  };
}
