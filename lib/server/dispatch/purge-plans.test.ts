import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { setUpTestDatabase, testingOnPostgres } from "../platform/test-db";
import type { Sql } from "../platform/sql";

// The hourly purges of a courier's traces (docs/log/2026-11-28.md): positions and their events past
// the retention, the messages of jobs closed 30 days ago (what they delete: dispatch.test.ts and
// messages.test.ts). Each statement is run on either database and, on SQLite, explained: none reads
// every event of every order or every delivery job ever made (SCAN OrderEvent, SCAN DeliveryJob).

const test = setUpTestDatabase();

const m = {
  sql: await import("../platform/sql"),
  positions: await import("./queries/positions"),
  jobs: await import("./queries/jobs"),
};

type Recorded = { text: string; params: readonly unknown[] };

async function recorded<T>(work: (sql: Sql) => Promise<T>): Promise<{ result: T; statements: Recorded[] }> {
  const statements: Recorded[] = [];
  const result = await m.sql.sqlTransaction((sql) =>
    work({
      all: (text, params = []) => {
        statements.push({ text, params });
        return sql.all(text, params);
      },
    }),
  );
  return { result, statements };
}

const explainer = testingOnPostgres ? null : new Database(test.url.replace(/^file:/, ""), { readonly: true });
afterAll(() => explainer?.close());

function scansOf({ text, params }: Recorded): string[] {
  const bound = params.map((value) => (value instanceof Date ? value.toISOString().replace("Z", "+00:00") : value));
  const plan = (explainer!.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...bound) as { detail: string }[]).map((row) => row.detail);
  return plan.filter((line) => /^SCAN "?(OrderEvent|DeliveryJob|j)"?\b/.test(line));
}

describe("the hourly purges read what they delete, not the history", () => {
  it("the positions' prune finds the courier_position events through their index; the messages' purge looks up each message's job", async () => {
    const cutoff = new Date();
    const positions = await recorded((sql) => m.positions.deletePositionsBefore(sql, cutoff));
    const messages = await recorded((sql) => m.jobs.deleteMessagesOfJobsClosedBefore(sql, cutoff));
    expect(positions.result).toBe(0);
    expect(messages.result).toBe(0);
    expect(positions.statements).toHaveLength(2);
    expect(messages.statements).toHaveLength(1);
    if (!explainer) return;
    for (const statement of [...positions.statements, ...messages.statements]) expect(scansOf(statement), statement.text).toEqual([]);
  });
});
