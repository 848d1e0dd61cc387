import "server-only";
import { row, rowOf } from "../platform/row";
import type { Sql } from "../platform/sql";
import { DISPUTE_COLUMNS, disputeRow, type DisputeRow } from "../payments/queries/disputes";

// The operator console's plain SQL, each row shape with its decoder.

const attentionRow = rowOf({ id: row.int, stage: row.text, since: row.date });
export type AttentionRow = ReturnType<typeof attentionRow>;

/**
 * Orders that need an operator (docs/architecture/operator.md "Orders"): a delivery
 * order (from a restaurant with a place, so couriers deliver it) that entered `ready` at
 * `readyBefore` or earlier, or `out_for_delivery` at `outBefore` or earlier, with no courier
 * holding its job (no job at all, or one still unassigned or offered). Longest waiting first; on
 * the (stage, submittedAt) index, one subquery per candidate on (orderId, id).
 */
export async function attentionOrders(sql: Sql, readyBefore: Date, outBefore: Date, limit: number): Promise<AttentionRow[]> {
  const rows = await sql.all(
    `SELECT "id", "stage", "since" FROM (
       SELECT o."id" AS "id", o."stage" AS "stage",
         (SELECT MAX(e."at") FROM "OrderEvent" AS e WHERE e."orderId" = o."id" AND e."stage" = o."stage") AS "since"
       FROM "Order" AS o JOIN "Restaurant" AS r ON r."id" = o."restaurantId"
       WHERE o."stage" IN ('ready', 'out_for_delivery') AND NOT o."pickup" AND r."lat" IS NOT NULL AND r."lng" IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM "DeliveryJob" AS j WHERE j."orderId" = o."id" AND j."state" IN ('assigned', 'at_pickup', 'picked_up'))
     ) AS s
     WHERE "since" IS NOT NULL AND (("stage" = 'ready' AND "since" <= ?) OR ("stage" = 'out_for_delivery' AND "since" <= ?))
     ORDER BY "since" ASC, "id" ASC LIMIT ?`,
    [readyBefore, outBefore, limit],
  );
  return rows.map(attentionRow);
}

/** A page of the disputes' queue (disputes.ts): the open ones (needing a response or under review, the soonest due first) or the closed (newest first). */
export async function disputeQueue(sql: Sql, open: boolean, limit: number, offset: number): Promise<DisputeRow[]> {
  return (
    await sql.all(
      `SELECT ${DISPUTE_COLUMNS} FROM "Dispute" d WHERE d."status" ${open ? "IN ('needs_response', 'under_review')" : "IN ('won', 'lost')"}
         ORDER BY ${open ? `d."status", d."createdAt", d."id"` : `d."closedAt" DESC, d."id" DESC`} LIMIT ? OFFSET ?`,
      [limit, offset],
    )
  ).map(disputeRow);
}
