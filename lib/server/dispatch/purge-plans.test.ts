import { describe, expect, it } from "vitest";
import { setUpTestDatabase } from "../platform/testing/db";
import { recorded, sqlitePlanner, type Recorded } from "../platform/testing/plans";

// The hourly purges of a courier's traces (docs/log/2026-11-28.md): positions and their events past
// the retention, the messages of jobs closed 30 days ago (what they delete: dispatch.test.ts and
// messages.test.ts). Each statement is run on either database and, on SQLite, explained: none reads
// every event of every order or every delivery job ever made (SCAN OrderEvent, SCAN DeliveryJob).

const test = setUpTestDatabase();

const m = {
  positions: await import("./queries/positions"),
  jobs: await import("./queries/jobs"),
};

const planOf = sqlitePlanner(test.url);

function scansOf(statement: Recorded): string[] {
  return planOf!(statement).filter((line) => /^SCAN "?(OrderEvent|DeliveryJob|j)"?\b/.test(line));
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
    if (!planOf) return;
    for (const statement of [...positions.statements, ...messages.statements]) expect(scansOf(statement), statement.text).toEqual([]);
  });
});
