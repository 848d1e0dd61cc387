import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { PreparedStatements } from "./prepared-statements";

// The SQLite connection's kept statements (prepared-statements.ts): each SQL text prepared once
// while it is among the MAX most recently used, so a long-running server's kept statements (and
// the native memory each holds) stay bounded however many `IN (?,?,...)` lengths it meets.

function counted() {
  const db = new Database(":memory:");
  const prepared: string[] = [];
  const statements = new PreparedStatements((sql) => (prepared.push(sql), db.prepare(sql)));
  return { statements, prepared };
}
const text = (n: number) => `SELECT ${n} AS n`;

describe("kept prepared statements", () => {
  it("prepare a text once and run it with each call's parameters", () => {
    const { statements, prepared } = counted();
    const sql = "SELECT ? + ? AS total";
    expect(statements.get(sql).bind([1, 2]).raw().all()).toEqual([[3]]);
    expect(statements.get(sql).bind([20, 22]).raw().all()).toEqual([[42]]);
    expect(prepared).toEqual([sql]);
  });

  it("keep the most recently used texts, at most MAX", () => {
    const { statements, prepared } = counted();
    for (let n = 0; n < PreparedStatements.MAX; n++) statements.statement(text(n));
    statements.statement(text(0)); // used again: now the most recent
    statements.statement(text(PreparedStatements.MAX)); // one more: the least recent (1) goes
    prepared.length = 0;
    statements.statement(text(0));
    statements.statement(text(PreparedStatements.MAX));
    expect(prepared).toEqual([]);
    statements.statement(text(1));
    expect(prepared).toEqual([text(1)]);
  });
});
