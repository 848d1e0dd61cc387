import "server-only";
import type { Sql } from "../platform/sql";

// Problem reports' plain SQL: the row locks a report's steps take (context.ts) and the decision's
// conditional update (decide.ts).

/** Locks the order's row (of this customer, when `userId` is given); false when there is none. */
export async function lockOrderRow(sql: Sql, orderId: number, userId?: number): Promise<boolean> {
  const rows = await sql.all(
    `UPDATE "Order" SET "updatedAt" = "updatedAt" WHERE "id" = ?${userId === undefined ? "" : ` AND "userId" = ?`} RETURNING "id"`,
    userId === undefined ? [orderId] : [orderId, userId],
  );
  return rows.length > 0;
}

/** Locks the customer's row (a no-op UPDATE). */
export async function lockUserRow(sql: Sql, userId: number): Promise<void> {
  await sql.all(`UPDATE "User" SET "updatedAt" = "updatedAt" WHERE "id" = ? RETURNING "id"`, [userId]);
}

export type Decision = {
  status: string;
  decidedBy: string;
  deciderId: number | null;
  decidedAt: Date;
  declineReason: string | null;
  refundCents: number;
  frontedCents: number;
};

/** The decision written on the report while it is still in one of the `from` states; false when it was not (decided meanwhile). */
export async function writeDecision(sql: Sql, reportId: number, from: readonly string[], decision: Decision): Promise<boolean> {
  const { status, decidedBy, deciderId, decidedAt, declineReason, refundCents, frontedCents } = decision;
  const updated = await sql.all(
    `UPDATE "ProblemReport" SET "status" = ?, "decidedBy" = ?, "deciderId" = ?, "decidedAt" = ?, "declineReason" = ?, "refundCents" = ?, "frontedCents" = ?
     WHERE "id" = ? AND "status" IN (${from.map(() => "?").join(", ")}) RETURNING "id"`,
    [status, decidedBy, deciderId, decidedAt, declineReason, refundCents, frontedCents, reportId, ...from],
  );
  return updated.length > 0;
}
