import "server-only";
import { awaitingColumns, awaitingDecoders } from "../payments/queries/order-state";
import { row, rowOf, type RowOf } from "../platform/row";
import { oneRow, type Sql } from "../platform/sql";

// The courier steps' own reads in plain SQL (the rest of their statements are dispatch's and the
// order's): what the pickup needs of its order, its payment's hold among it, in one statement.

const pickupRow = rowOf({
  stage: row.textOrNull,
  estimatedReadyAt: row.dateOrNull,
  acceptedAt: row.dateOrNull,
  prepMinutes: row.intOrNull,
  timeZone: row.textOrNull,
  readyAt: row.dateOrNull,
  ...awaitingDecoders,
});

/**
 * What picked-up.ts needs of the order: its stage and the kitchen's times (the early hand-over),
 * its acceptance and prep (the wait pay), its first ready mark, and whether it waits for payment
 * (payments/queries/order-state.ts awaitingPayment's two facts: its links not paid, its latest payment's state).
 */
export type PickupFacts = RowOf<typeof pickupRow>;

/** The order's pickup facts (undefined: no such order), one statement. */
export function pickupFacts(sql: Sql, orderId: number): Promise<PickupFacts | undefined> {
  return oneRow(
    sql,
    `SELECT o."stage", o."estimatedReadyAt", o."acceptedAt", o."prepMinutes", r."timeZone",
       (SELECT MIN(e."at") FROM "OrderEvent" e WHERE e."orderId" = o."id" AND e."stage" = 'ready') AS "readyAt",
       ${awaitingColumns('o."id"')}
     FROM "Order" o LEFT JOIN "Restaurant" r ON r."id" = o."restaurantId"
     WHERE o."id" = ?`,
    [orderId],
    pickupRow,
  );
}
