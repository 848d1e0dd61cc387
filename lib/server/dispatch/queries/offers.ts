import "server-only";
import { row, rowOf } from "../../platform/row";
import type { Sql } from "../../platform/sql";

// What the matching reads (dispatch/offer.ts planOffers): the waiting jobs, the couriers' recent
// track, the recent offers of each job.

const waitingRow = rowOf({
  id: row.int,
  orderId: row.int,
  userId: row.int,
  restaurantId: row.intOrNull,
  pickupLat: row.number,
  pickupLng: row.number,
  dropoffLat: row.number,
  dropoffLng: row.number,
  createdAt: row.date,
  stage: row.text,
  estimatedReadyAt: row.dateOrNull,
  readyEventAt: row.dateOrNull,
  // A job of no restaurant (or a deleted owner) has no demo flag.
  demo: row.boolOrNull,
  /** The customer's saved allergies (a bitmask over ALLERGENS). */
  avoids: row.intOrNull,
});
export type WaitingJobRow = ReturnType<typeof waitingRow>;

const newJobRow = rowOf({ id: row.int, restaurantId: row.intOrNull });

/** The unassigned jobs made after job `after` (oldest first, at most `limit`), with their restaurant: the tick's new jobs. */
export async function waitingJobsAfter(sql: Sql, after: number, limit: number) {
  const rows = await sql.all(`SELECT "id", "restaurantId" FROM "DeliveryJob" WHERE "id" > ? AND "state" = 'unassigned' ORDER BY "id" LIMIT ?`, [after, limit]);
  return rows.map(newJobRow);
}

/** The unassigned jobs (`ids`, or any), at most 100, a demo restaurant's first when `demoFirst`. */
export async function waitingJobRows(sql: Sql, ids: number[] | null, demoFirst: boolean): Promise<WaitingJobRow[]> {
  const first = demoFirst ? `CASE WHEN u."demoAccount" = true THEN 0 ELSE 1 END, ` : "";
  const where = ids ? `j."id" IN (${ids.map(() => "?").join(", ")}) AND j."state" = 'unassigned'` : `j."state" = 'unassigned'`;
  // A card order whose capture failed waits at accepted for the customer's payment (orders/transition.ts
  // refuses its pickup): its job is offered to no courier until the newest payment is no longer that;
  // nor a phone order's until its payment link is paid (payments/pay-link.ts).
  const unpaid = `NOT EXISTS (SELECT 1 FROM "Payment" AS p WHERE p."orderId" = j."orderId" AND p."state" = 'capture_failed'
       AND NOT EXISTS (SELECT 1 FROM "Payment" AS n WHERE n."orderId" = p."orderId" AND n."id" > p."id"))
       AND NOT EXISTS (SELECT 1 FROM "PaymentLink" AS pl WHERE pl."orderId" = j."orderId" AND pl."paidAt" IS NULL)`;
  const rows = await sql.all(
    `SELECT j."id" AS "id", j."orderId" AS "orderId", j."userId" AS "userId", j."restaurantId" AS "restaurantId",
        j."pickupLat" AS "pickupLat", j."pickupLng" AS "pickupLng", j."dropoffLat" AS "dropoffLat", j."dropoffLng" AS "dropoffLng",
        j."createdAt" AS "createdAt", o."stage" AS "stage", o."estimatedReadyAt" AS "estimatedReadyAt",
        (SELECT MIN(e."at") FROM "OrderEvent" AS e WHERE e."orderId" = j."orderId" AND e."stage" = 'ready') AS "readyEventAt",
        u."demoAccount" AS "demo", c."avoidAllergens" AS "avoids"
     FROM "DeliveryJob" AS j JOIN "Order" AS o ON o."id" = j."orderId"
       LEFT JOIN "Restaurant" AS r ON r."id" = j."restaurantId" LEFT JOIN "User" AS u ON u."id" = r."ownerId"
       LEFT JOIN "User" AS c ON c."id" = j."userId"
     WHERE ${where} AND ${unpaid} ORDER BY ${first}j."id" LIMIT 100`,
    ids ?? [],
  );
  return rows.map(waitingRow);
}

const allergenRow = rowOf({ orderId: row.int, allergens: row.intOrNull });

/** The allergens of these orders' lines: each dish's and each chosen option's, one row each (their union is the order's). */
export async function orderLineAllergens(sql: Sql, orderIds: number[]) {
  if (!orderIds.length) return [];
  const list = orderIds.map(() => "?").join(", ");
  const rows = await sql.all(
    `SELECT i."orderId" AS "orderId", m."allergens" AS "allergens" FROM "OrderItem" AS i JOIN "MenuItem" AS m ON m."id" = i."menuItemId" WHERE i."orderId" IN (${list})
     UNION ALL
     SELECT i."orderId" AS "orderId", p."allergens" AS "allergens" FROM "OrderItem" AS i JOIN "OrderItemOption" AS x ON x."orderItemId" = i."id" JOIN "MenuOption" AS p ON p."id" = x."optionId" WHERE i."orderId" IN (${list})`,
    [...orderIds, ...orderIds],
  );
  return rows.map(allergenRow);
}

const trackRow = rowOf({ courierId: row.int, lat: row.number, lng: row.number });

/** These couriers' points taken between `from` and `to`, newest first. */
export async function trackPoints(sql: Sql, courierIds: number[], from: Date, to: Date) {
  const rows = await sql.all(
    `SELECT "courierId", "lat", "lng" FROM "CourierPosition" WHERE "courierId" IN (${courierIds.map(() => "?").join(", ")}) AND "at" BETWEEN ? AND ? ORDER BY "at" DESC`,
    [...courierIds, from, to],
  );
  return rows.map(trackRow);
}

const offeredRow = rowOf({ jobId: row.int, courierId: row.int });

/** Who was offered these jobs since `since`. */
export async function offersSince(sql: Sql, jobIds: number[], since: Date) {
  const rows = await sql.all(`SELECT "jobId", "courierId" FROM "DeliveryOffer" WHERE "jobId" IN (${jobIds.map(() => "?").join(", ")}) AND "offeredAt" >= ?`, [
    ...jobIds,
    since,
  ]);
  return rows.map(offeredRow);
}
