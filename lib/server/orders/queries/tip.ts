import "server-only";
import { row, rowOf } from "../../platform/row";
import type { Sql } from "../../platform/sql";

// Raising the tip after delivery (tip-raise.ts): the order as the raise reads it, the conditional
// update of its tip, the courier's pay with it, and whether the raise's entry was posted.

const tipOrderRow = rowOf({
  id: row.int,
  userId: row.int,
  stage: row.textOrNull,
  tipCents: row.int,
  subtotalCents: row.int,
  paymentMethod: row.textOrNull,
  closedAt: row.dateOrNull,
  restaurantId: row.intOrNull,
  courierId: row.intOrNull,
  currency: row.text,
});
/** The order as a raise reads it, with the courier who delivered it (null: nobody, or its restaurant's own staff). */
export type TipOrderRow = ReturnType<typeof tipOrderRow>;

/** The user's order `orderId` (undefined: none of theirs). */
export async function tipOrderRowOf(sql: Sql, userId: number, orderId: number): Promise<TipOrderRow | undefined> {
  const [found] = await sql.all(
    `SELECT o."id", o."userId", o."stage", o."tipCents", o."subtotalCents", o."paymentMethod", o."closedAt", o."restaurantId", o."currency",
       (SELECT j."courierId" FROM "DeliveryJob" j WHERE j."orderId" = o."id" AND j."state" = 'delivered' LIMIT 1) AS "courierId"
     FROM "Order" o WHERE o."id" = ? AND o."userId" = ?`,
    [orderId, userId],
  );
  return found === undefined ? undefined : tipOrderRow(found);
}

/** The delivered order's tip moved from `from` to `to` (its total by the difference): false when the tip is no longer `from` (nothing written). */
export async function moveTip(sql: Sql, orderId: number, from: number, to: number, now: Date): Promise<boolean> {
  const updated = await sql.all(
    `UPDATE "Order" SET "tipCents" = ?, "totalCents" = "totalCents" + ?, "updatedAt" = ? WHERE "id" = ? AND "tipCents" = ? AND "stage" = 'delivered' RETURNING "id"`,
    [to, to - from, now, orderId, from],
  );
  return updated.length > 0;
}

/** The delivered job's pay raised by `diff`. */
export async function raiseDeliveredJobPay(sql: Sql, orderId: number, diff: number): Promise<void> {
  await sql.all(`UPDATE "DeliveryJob" SET "payCents" = "payCents" + ? WHERE "orderId" = ? AND "state" = 'delivered'`, [diff, orderId]);
}

/** Whether the ledger entry `key` was posted. */
export async function entryPosted(sql: Sql, key: string): Promise<boolean> {
  const [found] = await sql.all(`SELECT "id" FROM "LedgerEntry" WHERE "key" = ?`, [key]);
  return found !== undefined;
}
