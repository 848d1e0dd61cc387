import "server-only";
import { orderCopyDecoders, orderCopySelect } from "../../addresses/queries";
import { row, rowOf } from "../../platform/row";
import { placeholders, type Sql } from "../../platform/sql";
import { flagsOf, type StoredFlag } from "@/lib/shared/words/stored-texts";

// Delivery jobs in plain SQL: the courier app's job rows, the orders' deliveries (a page of orders
// in one statement), a step's flag, the jobs a courier carries, and the hourly purges.

const SELECT_JOBS = `SELECT j."id", j."orderId", j."state", j."offerExpiresAt", j."payCents", j."itemsCount", j."pickupLat", j."pickupLng",
    j."dropoffLat", j."dropoffLng", j."dropoffAddress", j."dropoffArea", j."flaggedAt", j."instructions", j."restaurantId",
    o."restaurantName" AS "restaurantName", r."address" AS "address", r."city" AS "city", r."state" AS "rState", r."zip" AS "zip",
    j."userId", o."deliveryAddressId" AS "deliveryAddressId", u."firstName" AS "customerFirstName", o."dropoff" AS "orderDropoff", o."stage" AS "orderStage", o."estimatedReadyAt" AS "estimatedReadyAt", r."timeZone" AS "timeZone",
    mk."distanceUnit" AS "distanceUnit", o."paymentMethod" AS "paymentMethod", o."totalCents" AS "orderTotalCents", o."currency" AS "orderCurrency",
    co."billCents" AS "cashBillCents", co."collectedAt" AS "cashCollectedAt"
  FROM "DeliveryJob" AS j JOIN "Order" AS o ON o."id" = j."orderId" JOIN "User" AS u ON u."id" = j."userId"
  LEFT JOIN "Restaurant" AS r ON r."id" = j."restaurantId" LEFT JOIN "Market" AS mk ON mk."id" = r."marketId"
  LEFT JOIN "CashOrder" AS co ON co."orderId" = j."orderId"`;

const jobRow = rowOf({
  id: row.int,
  orderId: row.int,
  state: row.text,
  offerExpiresAt: row.dateOrNull,
  payCents: row.int,
  itemsCount: row.int,
  pickupLat: row.number,
  pickupLng: row.number,
  dropoffLat: row.number,
  dropoffLng: row.number,
  dropoffAddress: row.text,
  dropoffArea: row.textOrNull,
  flaggedAt: row.dateOrNull,
  instructions: row.textOrNull,
  restaurantId: row.intOrNull,
  restaurantName: row.text,
  address: row.textOrNull,
  city: row.textOrNull,
  rState: row.textOrNull,
  zip: row.textOrNull,
  userId: row.int,
  deliveryAddressId: row.intOrNull,
  customerFirstName: row.text,
  orderDropoff: row.text,
  orderStage: row.textOrNull,
  estimatedReadyAt: row.dateOrNull,
  timeZone: row.textOrNull,
  distanceUnit: row.textOrNull,
  paymentMethod: row.textOrNull,
  orderTotalCents: row.int,
  orderCurrency: row.text,
  cashBillCents: row.intOrNull,
  cashCollectedAt: row.dateOrNull,
});
export type CourierJobRow = ReturnType<typeof jobRow>;

/** The courier's open offer (not yet expired) and the jobs they hold, oldest first. */
export async function courierJobRows(sql: Sql, courierId: number, now: Date): Promise<CourierJobRow[]> {
  const rows = await sql.all(
    `${SELECT_JOBS} WHERE j."courierId" = ? AND (j."state" IN ('assigned', 'at_pickup', 'picked_up') OR (j."state" = 'offered' AND j."offerExpiresAt" > ?)) ORDER BY j."id"`,
    [courierId, now],
  );
  return rows.map(jobRow);
}

/** One job's row (undefined: none). */
export async function jobRowById(sql: Sql, jobId: number): Promise<CourierJobRow | undefined> {
  return (await sql.all(`${SELECT_JOBS} WHERE j."id" = ?`, [jobId])).map(jobRow)[0];
}

/**
 * A step taken away from its stop: the job flagged (the first flag's time kept, each step's flag
 * added to its list: the catalogue's key and values, never English). In the step's transaction,
 * after the step moved the job, so the row is the transaction's own while it is read and written.
 */
const flagsRow = rowOf({ flags: row.textOrNull });
export async function flagJob(sql: Sql, jobId: number, flag: StoredFlag, now: Date): Promise<void> {
  const [current] = (await sql.all(`SELECT "flags" FROM "DeliveryJob" WHERE "id" = ?`, [jobId])).map(flagsRow);
  const flags = [...(flagsOf(current?.flags ?? null) ?? []), flag];
  await sql.all(`UPDATE "DeliveryJob" SET "flaggedAt" = COALESCE("flaggedAt", ?), "flags" = ? WHERE "id" = ?`, [now, JSON.stringify(flags), jobId]);
}

const deliveryRow = rowOf({
  orderId: row.int,
  state: row.text,
  courierId: row.intOrNull,
  gaveUpAt: row.dateOrNull,
  arrivedAt: row.dateOrNull,
  pickedUpAt: row.dateOrNull,
  handedOverEarly: row.bool,
  failureKey: row.textOrNull,
  failureReason: row.textOrNull,
  flags: row.textOrNull,
  flagReason: row.textOrNull,
  waitPayCents: row.int,
  batchExtraMinutes: row.intOrNull,
  ridingWith: row.int,
  pickupLat: row.number,
  pickupLng: row.number,
  dropoffLat: row.number,
  dropoffLng: row.number,
  firstName: row.textOrNull,
  lat: row.numberOrNull,
  lng: row.numberOrNull,
  positionAt: row.dateOrNull,
  distanceUnit: row.textOrNull,
});
export type DeliveryRow = ReturnType<typeof deliveryRow>;

/** The jobs of these orders with their courier's first name and position (and the restaurant's market's unit), in one statement. */
export async function deliveryRows(sql: Sql, orderIds: readonly number[]): Promise<DeliveryRow[]> {
  const rows = await sql.all(
    `SELECT j."orderId", j."state", j."courierId", j."gaveUpAt", j."arrivedAt", j."pickedUpAt", j."handedOverEarly", j."failureKey", j."failureReason", j."flags", j."flagReason", j."waitPayCents", j."batchExtraMinutes",
        CASE WHEN j."batchId" IS NOT NULL AND EXISTS (SELECT 1 FROM "DeliveryJob" AS b WHERE b."batchId" = j."batchId" AND b."id" <> j."id" AND b."courierId" = j."courierId" AND b."state" IN ('assigned', 'at_pickup', 'picked_up')) THEN 1 ELSE 0 END AS "ridingWith",
        j."pickupLat", j."pickupLng", j."dropoffLat", j."dropoffLng",
        u."firstName" AS "firstName", s."lat" AS "lat", s."lng" AS "lng", s."positionAt" AS "positionAt", mk."distanceUnit" AS "distanceUnit"
      FROM "DeliveryJob" AS j LEFT JOIN "User" AS u ON u."id" = j."courierId" LEFT JOIN "CourierState" AS s ON s."userId" = j."courierId"
        LEFT JOIN "Restaurant" AS r ON r."id" = j."restaurantId" LEFT JOIN "Market" AS mk ON mk."id" = r."marketId"
      WHERE j."orderId" IN ${placeholders(orderIds.length)}`,
    orderIds,
  );
  return rows.map(deliveryRow);
}

const carriedRow = rowOf({ id: row.int, orderId: row.int, userId: row.int, restaurantId: row.intOrNull, dropoffLat: row.number, dropoffLng: row.number });

/** The jobs the courier carries (picked up). */
export async function carriedJobs(sql: Sql, courierId: number) {
  const rows = await sql.all(
    `SELECT "id", "orderId", "userId", "restaurantId", "dropoffLat", "dropoffLng" FROM "DeliveryJob" WHERE "courierId" = ? AND "state" = 'picked_up'`,
    [courierId],
  );
  return rows.map(carriedRow);
}

/**
 * The messages of jobs closed before `before`, deleted in one statement; how many. Each kept
 * message's job is looked up by its id: the messages are few (purged 30 days after their job),
 * the jobs every delivery ever made (`"jobId" IN (jobs closed before)` read them all, hourly).
 */
export async function deleteMessagesOfJobsClosedBefore(sql: Sql, before: Date): Promise<number> {
  const deleted = await sql.all(
    `DELETE FROM "DeliveryMessage" WHERE EXISTS (SELECT 1 FROM "DeliveryJob" j WHERE j."id" = "DeliveryMessage"."jobId" AND j."closedAt" < ?) RETURNING "id"`,
    [before],
  );
  return deleted.length;
}

const searchingRow = rowOf({ id: row.int, orderId: row.int, userId: row.int, restaurantId: row.intOrNull, pickupLat: row.number, pickupLng: row.number });

/**
 * Jobs still searching and not given up, made by `cutoff`, whose food was due by `readyBy` (or is
 * marked ready, or has no ready time): those that could be offered since `cutoff`. The oldest first.
 */
export async function giveUpCandidates(sql: Sql, cutoff: Date, readyBy: Date, limit: number) {
  const rows = await sql.all(
    `SELECT j."id", j."orderId", j."userId", j."restaurantId", j."pickupLat", j."pickupLng" FROM "DeliveryJob" AS j JOIN "Order" AS o ON o."id" = j."orderId"
     WHERE j."state" IN ('unassigned', 'offered') AND j."gaveUpAt" IS NULL AND j."createdAt" <= ?
       AND (o."stage" <> 'accepted' OR o."estimatedReadyAt" IS NULL OR o."estimatedReadyAt" <= ?)
     ORDER BY j."id" LIMIT ?`,
    [cutoff, readyBy, limit],
  );
  return rows.map(searchingRow);
}

const toDeliverRow = rowOf({
  id: row.int,
  userId: row.int,
  restaurantId: row.intOrNull,
  pickup: row.bool,
  paymentMethod: row.textOrNull,
  deliveryFeeCents: row.int,
  priorityFeeCents: row.int,
  tipCents: row.int,
  ...orderCopyDecoders,
  pickupLat: row.numberOrNull,
  pickupLng: row.numberOrNull,
  userAddress: row.textOrNull,
  userCity: row.textOrNull,
  userState: row.textOrNull,
  userZip: row.textOrNull,
  userLat: row.numberOrNull,
  userLng: row.numberOrNull,
  userInstructions: row.textOrNull,
  itemsCount: row.intOrNull,
});
export type ToDeliverRow = ReturnType<typeof toDeliverRow>;

/**
 * What a new delivery job is made of (create.ts), in one statement: the order (not one its own
 * staff deliver), its restaurant's point, its customer's saved address and its items' count.
 */
export async function orderToDeliver(sql: Sql, orderId: number): Promise<ToDeliverRow | null> {
  const [found] = await sql.all(
    `SELECT o."id", o."userId", o."restaurantId", o."pickup", o."paymentMethod", o."deliveryFeeCents", o."priorityFeeCents", o."tipCents",
       ${orderCopySelect("o")},
       r."lat" AS "pickupLat", r."lng" AS "pickupLng",
       u."address" AS "userAddress", u."city" AS "userCity", u."state" AS "userState", u."zip" AS "userZip", u."lat" AS "userLat", u."lng" AS "userLng",
       u."deliveryInstructions" AS "userInstructions",
       (SELECT SUM(i."quantity") FROM "OrderItem" i WHERE i."orderId" = o."id") AS "itemsCount"
     FROM "Order" o LEFT JOIN "Restaurant" r ON r."id" = o."restaurantId" JOIN "User" u ON u."id" = o."userId"
     WHERE o."id" = ? AND o."staffDelivery" = ?`,
    [orderId, false],
  );
  return found ? toDeliverRow(found) : null;
}

/**
 * A new job, waiting for the tick's offer (dispatch/create.ts), in one statement: its id, and
 * the unit its restaurant's market measures in (the order JSON's delivery says it).
 */
export async function insertWaitingJob(sql: Sql, job: Record<string, unknown>): Promise<{ id: number; distanceUnit: string | null }> {
  const columns = Object.keys(job);
  const [inserted] = await sql.all(
    `INSERT INTO "DeliveryJob" (${columns.map((column) => `"${column}"`).join(", ")}) VALUES ${placeholders(columns.length)}
     RETURNING "id", (SELECT mk."distanceUnit" FROM "Restaurant" AS r JOIN "Market" AS mk ON mk."id" = r."marketId" WHERE r."id" = "DeliveryJob"."restaurantId") AS "distanceUnit"`,
    Object.values(job),
  );
  return insertedJobRow(inserted!);
}

const insertedJobRow = rowOf({ id: row.int, distanceUnit: row.textOrNull });
