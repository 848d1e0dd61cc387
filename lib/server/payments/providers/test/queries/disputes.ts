import "server-only";
import { row, rowOf } from "../../../../platform/row";
import type { Sql } from "../../../../platform/sql";
import type { DisputeStatus } from "../../provider";

// The built-in test provider's disputes in plain SQL (disputes.ts): the row opened once per
// captured intent, its moves by conditional UPDATE, the reads; the row shape with its decoder.

const disputeRow = rowOf({ id: row.text, intentId: row.text, amountCents: row.int, reason: row.text, status: row.text, createdAt: row.date });
export type TestDisputeRow = ReturnType<typeof disputeRow>;

const COLUMNS = `"id", "intentId", "amountCents", "reason", "status", "createdAt"`;

/** The dispute `id`, or null. */
export async function disputeRowById(sql: Sql, id: string): Promise<TestDisputeRow | null> {
  const [found] = await sql.all(`SELECT ${COLUMNS} FROM "TestProviderDispute" WHERE "id" = ?`, [id]);
  return found ? disputeRow(found) : null;
}

/** The dispute opened (needing a response) unless it already is: whether this call opened it. */
export async function insertDispute(sql: Sql, id: string, intentId: string, amountCents: number, now: Date): Promise<boolean> {
  const inserted = await sql.all(
    `INSERT INTO "TestProviderDispute" ("id", "intentId", "amountCents", "reason", "status", "createdAt", "updatedAt") VALUES (?, ?, ?, 'fraudulent', 'needs_response', ?, ?)
       ON CONFLICT DO NOTHING RETURNING "id"`,
    [id, intentId, amountCents, now, now],
  );
  return inserted.length > 0;
}

/** The dispute moved to `to` if still in one of `from` (evidence kept when null): the row after, or null (not moved). */
export async function moveDisputeRow(
  sql: Sql,
  id: string,
  from: readonly DisputeStatus[],
  to: DisputeStatus,
  evidence: string | null,
  now: Date,
): Promise<TestDisputeRow | null> {
  const moved = await sql.all(
    `UPDATE "TestProviderDispute" SET "status" = ?, "evidence" = COALESCE(?, "evidence"), "updatedAt" = ?
       WHERE "id" = ? AND "status" IN (${from.map(() => "?").join(", ")}) RETURNING ${COLUMNS}`,
    [to, evidence, now, id, ...from],
  );
  return moved.length ? disputeRow(moved[0]) : null;
}

/** The disputes of intent `intentId`. */
export async function disputeRowsOf(sql: Sql, intentId: string): Promise<TestDisputeRow[]> {
  return (await sql.all(`SELECT ${COLUMNS} FROM "TestProviderDispute" WHERE "intentId" = ?`, [intentId])).map(disputeRow);
}
