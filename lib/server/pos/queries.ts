import "server-only";
import type { Sql } from "../platform/sql";

// The point-of-sale link's hand-written SQL (docs/architecture/kitchen.md "The point of sale"). An
// order to push comes from the event log the accept already writes (its `accepted` OrderEvent), as
// the kitchen printers' jobs do: nothing more on the accept's path. The unique orderId makes a
// second pass's insert a no-op, and the key is the order's own, so any retry sends the same one.

/**
 * The orders accepted at `restaurantId` since `pushedThrough` become rows to push, keyed
 * `nosh-order-<id>`; the connection's `pushedThrough` moves up to the events older than
 * `settledBefore` (an accept still committing holds a lower id a minute at most).
 */
export async function queueAcceptedOrders(sql: Sql, connectionId: number, settledBefore: Date): Promise<void> {
  await sql.all(
    `INSERT INTO "PosOrder" ("orderId", "restaurantId", "idempotencyKey", "state", "attempts", "nextAttemptAt", "createdAt")
     SELECT e."orderId", c."restaurantId", 'nosh-order-' || CAST(e."orderId" AS TEXT), 'pending', 0, e."at", e."at"
     FROM "PosConnection" c JOIN "OrderEvent" e ON e."restaurantId" = c."restaurantId" AND e."id" > c."pushedThrough"
     WHERE c."id" = ? AND e."stage" = 'accepted' ORDER BY e."id"
     ON CONFLICT ("orderId") DO NOTHING`,
    [connectionId],
  );
  await sql.all(
    `UPDATE "PosConnection" SET "pushedThrough" = COALESCE(
       (SELECT MAX(e."id") FROM "OrderEvent" e WHERE e."restaurantId" = "PosConnection"."restaurantId" AND e."id" > "PosConnection"."pushedThrough" AND e."at" < ?),
       "pushedThrough")
     WHERE "id" = ?`,
    [settledBefore, connectionId],
  );
}
