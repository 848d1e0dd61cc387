import "server-only";
import { COURIER_RATING_SPAN, type CourierRatingReason } from "@/lib/shared/delivery/courier-rating";
import { row, rowOf, type Decoder, type RowOf } from "../platform/row";
import type { Sql } from "../platform/sql";

// The courier ratings' plain SQL (docs/architecture/courier-screens.md "Ratings"), each row shape
// with its decoder: the customer's rating and its upsert, the courier's own last ratings, and the
// operators' two lists.

/** A thumbs down's reason; an old row without one reads as "other". */
const reason: Decoder<CourierRatingReason> = (value, column) => (row.textOrNull(value, column) ?? "other") as CourierRatingReason;

const ratingRow = rowOf({ up: row.bool, reason: row.textOrNull, note: row.textOrNull, deliveredAt: row.date });
/** The customer's rating as its row stands (its reason as stored: null on a thumbs up). */
export type RatingRow = RowOf<typeof ratingRow>;

/** The customer's own rating of the order's courier, or undefined. */
export async function customerRating(sql: Sql, userId: number, orderId: number): Promise<RatingRow | undefined> {
  const [found] = await sql.all(`SELECT "up", "reason", "note", "deliveredAt" FROM "CourierRating" WHERE "orderId" = ? AND "customerId" = ?`, [orderId, userId]);
  return found === undefined ? undefined : ratingRow(found);
}

const rateableRow = rowOf({ stage: row.textOrNull, closedAt: row.dateOrNull, courierId: row.intOrNull });

/** The customer's order as a rating reads it: its stage, when it closed, the courier who delivered it; undefined when not theirs. */
export async function rateableOrder(sql: Sql, userId: number, orderId: number) {
  const [found] = await sql.all(
    `SELECT o."stage", o."closedAt",
       (SELECT j."courierId" FROM "DeliveryJob" j WHERE j."orderId" = o."id" AND j."state" = 'delivered' LIMIT 1) AS "courierId"
     FROM "Order" o WHERE o."id" = ? AND o."userId" = ?`,
    [orderId, userId],
  );
  return found === undefined ? undefined : rateableRow(found);
}

/** The order's rating written: one INSERT ... ON CONFLICT DO UPDATE (racing ratings make one row). */
export async function upsertRating(
  sql: Sql,
  rating: { orderId: number; courierId: number; customerId: number; up: boolean; reason: string | null; note: string | null; deliveredAt: Date; now: Date },
): Promise<RatingRow> {
  const [written] = await sql.all(
    `INSERT INTO "CourierRating" ("orderId", "courierId", "customerId", "up", "reason", "note", "deliveredAt", "createdAt", "updatedAt")
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT ("orderId") DO UPDATE SET "up" = excluded."up", "reason" = excluded."reason", "note" = excluded."note", "updatedAt" = excluded."updatedAt"
     RETURNING "up", "reason", "note", "deliveredAt"`,
    [rating.orderId, rating.courierId, rating.customerId, rating.up, rating.reason, rating.note, rating.deliveredAt, rating.now, rating.now],
  );
  return ratingRow(written);
}

const thumbRow = rowOf({ up: row.bool, reason });

/** The courier's last COURIER_RATING_SPAN ratings, newest first. */
export async function lastRatings(sql: Sql, courierId: number) {
  return (
    await sql.all(`SELECT "up", "reason" FROM "CourierRating" WHERE "courierId" = ? ORDER BY "deliveredAt" DESC, "id" DESC LIMIT ${COURIER_RATING_SPAN}`, [courierId])
  ).map(thumbRow);
}

const lowRatedRow = rowOf({
  courierId: row.int,
  count: row.int,
  ups: row.int,
  firstName: row.textOrNull,
  lastName: row.textOrNull,
  lastDownOrderId: row.intOrNull,
});

/**
 * The couriers with at least `minRatings` of their last COURIER_RATING_SPAN ratings and under
 * `belowPercent` of them thumbs up, lowest share first, with the order of their latest thumbs down.
 */
export async function lowRatedRows(sql: Sql, filter: { minRatings: number; belowPercent: number; limit: number; offset: number }) {
  return (
    await sql.all(
      `WITH "recent" AS (
         SELECT "courierId", "up", "orderId", ROW_NUMBER() OVER (PARTITION BY "courierId" ORDER BY "deliveredAt" DESC, "id" DESC) AS "n" FROM "CourierRating"
       ), "figures" AS (
         SELECT "courierId", COUNT(*) AS "count", SUM(CASE WHEN "up" THEN 1 ELSE 0 END) AS "ups",
           MIN(CASE WHEN "up" THEN NULL ELSE "n" END) AS "lastDownN"
         FROM "recent" WHERE "n" <= ${COURIER_RATING_SPAN} GROUP BY "courierId"
       )
       SELECT f."courierId", f."count", f."ups", u."firstName", u."lastName",
         (SELECT r."orderId" FROM "recent" r WHERE r."courierId" = f."courierId" AND r."n" = f."lastDownN") AS "lastDownOrderId"
       FROM "figures" f LEFT JOIN "User" u ON u."id" = f."courierId"
       WHERE f."count" >= ? AND f."ups" * 100 < ? * f."count"
       ORDER BY f."ups" * 1.0 / f."count" ASC, f."courierId" ASC
       LIMIT ? OFFSET ?`,
      [filter.minRatings, filter.belowPercent, filter.limit, filter.offset],
    )
  ).map(lowRatedRow);
}

const thumbsDownRow = rowOf({
  id: row.int,
  orderId: row.int,
  courierId: row.int,
  reason,
  note: row.textOrNull,
  updatedAt: row.date,
  firstName: row.textOrNull,
  lastName: row.textOrNull,
});

/** The thumbs down, newest first. */
export async function thumbsDownRows(sql: Sql, limit: number, offset: number) {
  return (
    await sql.all(
      `SELECT r."id", r."orderId", r."courierId", r."reason", r."note", r."updatedAt", u."firstName", u."lastName"
       FROM "CourierRating" r LEFT JOIN "User" u ON u."id" = r."courierId"
       WHERE r."up" = ? ORDER BY r."updatedAt" DESC, r."id" DESC LIMIT ? OFFSET ?`,
      [false, limit, offset],
    )
  ).map(thumbsDownRow);
}
