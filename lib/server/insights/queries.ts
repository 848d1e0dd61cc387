import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { config } from "../platform/config";
import { db } from "../platform/db";
import { row, rowOf } from "../platform/row";
import { ACCEPTED_STAGES } from "@/lib/shared/orders/order-stages";
import { statusSql } from "../orders/status";
import type { Days } from "./days";
import { TOP_DISHES } from "./figures";

// An owner's figures in plain SQL (Prisma's tagged raw queries: `inRange` is ordersInRange's
// `o."restaurantId" = … AND o."submittedAt" in the range`), each row shape with its decoder, and
// the fragments they share (which orders count as sold, a day's bucket). A COUNT or SUM over no
// rows (NULL, or a bucket with no row) reads as 0.

/** The orders that count as sales: accepted by the restaurant, not canceled. */
export const SOLD = Prisma.sql`o."stage" IN (${Prisma.join([...ACCEPTED_STAGES])})`;
/** The orders that ended without food (status Canceled: rejected, canceled or expired). */
export const CANCELED = Prisma.raw(statusSql("Canceled", `o."stage"`));

/** The range's orders of the restaurant (read.ts's `inRange`): on Order(restaurantId, submittedAt). */
export const ordersInRange = (restaurantId: number, start: Date, end: Date) =>
  Prisma.sql`o."restaurantId" = ${restaurantId} AND o."submittedAt" >= ${start} AND o."submittedAt" < ${end}`;

/**
 * The 0-based bucket of `column` among `bounds` (the caller keeps the column within the first
 * and last bound): `CASE WHEN c < b1 THEN 0 WHEN c < b2 THEN 1 … END`. Both databases compare
 * the column with bound parameters of its own type (ISO text on SQLite, timestamp on PostgreSQL).
 */
export function bucketOf(column: Prisma.Sql, bounds: Date[]): Prisma.Sql {
  const whens = bounds.slice(1, -1).map((bound, i) => Prisma.sql`WHEN ${column} < ${bound} THEN ${Prisma.raw(String(i))}`);
  const last = bounds.length - 2;
  return whens.length ? Prisma.sql`CASE ${Prisma.join(whens, " ")} ELSE ${Prisma.raw(String(last))} END` : Prisma.sql`0`;
}

const cancelRow = rowOf({
  stage: row.textOrNull,
  rejectionKey: row.textOrNull,
  rejectionValues: row.textOrNull,
  rejectionReason: row.textOrNull,
  orders: row.intOrZero,
  amount: row.intOrZero,
  refunded: row.intOrZero,
});

/** The range's canceled orders by stage and rejection reason: how many, their total, what went back to wallets. */
export async function canceledRows(inRange: Prisma.Sql) {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT o."stage" AS stage, o."rejectionKey" AS "rejectionKey", o."rejectionValues" AS "rejectionValues", o."rejectionReason" AS "rejectionReason", COUNT(*) AS orders, SUM(o."totalCents") AS amount,
      SUM(CASE WHEN o."paymentMethod" = 'wallet' THEN o."totalCents" ELSE 0 END) AS refunded
    FROM "Order" AS o
    WHERE ${inRange} AND ${CANCELED}
    GROUP BY o."stage", o."rejectionKey", o."rejectionValues", o."rejectionReason"`;
  return rows.map(cancelRow);
}

const weekRow = rowOf({ bucket: row.int, reviews: row.intOrZero, total: row.intOrZero });

/** Reviews and the sum of their ratings in each week (bucket) of the range. */
export async function weekRatingRows(restaurantId: number, weeks: Days) {
  const start = weeks.bounds[0]!;
  const end = weeks.bounds[weeks.bounds.length - 1]!;
  const rows = await db.$queryRaw<unknown[]>`
    SELECT ${bucketOf(Prisma.sql`r."createdAt"`, weeks.bounds)} AS bucket, COUNT(*) AS reviews, SUM(r."restaurantRating") AS total
    FROM "Review" AS r
    WHERE r."restaurantId" = ${restaurantId} AND r."createdAt" >= ${start} AND r."createdAt" < ${end}
    GROUP BY 1`;
  return rows.map(weekRow);
}

const APPROVED = Prisma.sql`pr."status" IN ('approved', 'partially_approved')`;
const refundTotalRow = rowOf({ reports: row.intOrZero, cents: row.intOrZero });
const refundDishRow = rowOf({ name: row.text, sold: row.intOrZero, refunded: row.intOrZero, cents: row.intOrZero });

/** Approved problem reports on the range's orders (how many, what they refunded), and the TOP_DISHES dishes refunded most, by rate. */
export async function refundRows(inRange: Prisma.Sql) {
  const [totals, dishes] = await Promise.all([
    db.$queryRaw<unknown[]>`
      SELECT COUNT(*) AS reports, SUM(pr."refundCents") AS cents
      FROM "ProblemReport" AS pr JOIN "Order" AS o ON o."id" = pr."orderId"
      WHERE ${inRange} AND ${APPROVED}`,
    db.$queryRaw<unknown[]>`
      SELECT i."name" AS name, SUM(i."quantity") AS sold, SUM(COALESCE(r.q, 0)) AS refunded, SUM(COALESCE(r.q, 0) * i."priceCents") AS cents
      FROM "Order" AS o JOIN "OrderItem" AS i ON i."orderId" = o."id"
      LEFT JOIN (
        SELECT pl."orderItemId" AS item, SUM(pl."approvedQuantity") AS q
        FROM "ProblemLine" AS pl JOIN "ProblemReport" AS pr ON pr."id" = pl."problemId"
        WHERE ${APPROVED}
        GROUP BY pl."orderItemId"
      ) AS r ON r.item = i."id"
      WHERE ${inRange} AND ${SOLD}
      GROUP BY i."name"
      HAVING SUM(COALESCE(r.q, 0)) > 0
      ORDER BY SUM(COALESCE(r.q, 0)) * 1.0 / SUM(i."quantity") DESC, i."name"
      LIMIT ${Prisma.raw(String(TOP_DISHES))}`,
  ]);
  return { totals: totals.map(refundTotalRow)[0], dishes: dishes.map(refundDishRow) };
}

const dayRow = rowOf({ bucket: row.int, orders: row.intOrZero, revenue: row.intOrZero, canceled: row.intOrZero });

/** Sold orders, their revenue and the canceled ones on each day (bucket) of the range. */
export async function dayRows(days: Days, inRange: Prisma.Sql) {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT ${bucketOf(Prisma.sql`o."submittedAt"`, days.bounds)} AS bucket,
      SUM(CASE WHEN ${SOLD} THEN 1 ELSE 0 END) AS orders,
      SUM(CASE WHEN ${SOLD} THEN o."subtotalCents" ELSE 0 END) AS revenue,
      SUM(CASE WHEN ${CANCELED} THEN 1 ELSE 0 END) AS canceled
    FROM "Order" AS o WHERE ${inRange}
    GROUP BY 1`;
  return rows.map(dayRow);
}

const customersRow = rowOf({ customers: row.intOrZero, fresh: row.intOrZero });

/** Customers with a sold order in the range, and how many of them had their first here in it. */
export async function customerCounts(restaurantId: number, start: Date, end: Date) {
  const [found] = await db.$queryRaw<unknown[]>`
    SELECT COUNT(*) AS customers, SUM(CASE WHEN f."firstAt" >= ${start} THEN 1 ELSE 0 END) AS fresh
    FROM (
      SELECT o."userId", MIN(o."submittedAt") AS "firstAt", MAX(o."submittedAt") AS "lastAt"
      FROM "Order" AS o
      WHERE o."restaurantId" = ${restaurantId} AND o."submittedAt" < ${end} AND ${SOLD}
      GROUP BY o."userId"
    ) f
    WHERE f."lastAt" >= ${start}`;
  return customersRow(found ?? {});
}

const dishRow = rowOf({ name: row.text, quantity: row.intOrZero, revenue: row.intOrZero });

/** The TOP_DISHES dishes by quantity or by revenue, over sold orders. */
export async function topDishRows(inRange: Prisma.Sql, by: "quantity" | "revenue") {
  const order = by === "quantity" ? Prisma.sql`quantity DESC, revenue DESC` : Prisma.sql`revenue DESC, quantity DESC`;
  const rows = await db.$queryRaw<unknown[]>`
    SELECT i."name" AS name, SUM(i."quantity") AS quantity, SUM(i."quantity" * i."priceCents") AS revenue
    FROM "Order" AS o JOIN "OrderItem" AS i ON i."orderId" = o."id"
    WHERE ${inRange} AND ${SOLD}
    GROUP BY i."name"
    ORDER BY ${order}, i."name"
    LIMIT ${Prisma.raw(String(TOP_DISHES))}`;
  return rows.map(dishRow);
}

const REVENUE_KINDS = Prisma.join(["settlement", "refund"]);
const netRow = rowOf({ bucket: row.int, net: row.intOrZero });

/** The sum of `account`'s lines on settlement and refund entries, on each day (bucket) of the range. */
export async function netRevenueRows(account: string, days: Days) {
  const start = days.bounds[0]!;
  const end = days.bounds[days.bounds.length - 1]!;
  const rows = await db.$queryRaw<unknown[]>`
    SELECT ${bucketOf(Prisma.sql`e."createdAt"`, days.bounds)} AS bucket, SUM(l."amountCents") AS net
    FROM "LedgerLine" AS l JOIN "LedgerEntry" AS e ON e."id" = l."entryId"
    WHERE l."account" = ${account} AND e."kind" IN (${REVENUE_KINDS})
      AND e."createdAt" >= ${start} AND e."createdAt" < ${end}
    GROUP BY 1`;
  return rows.map(netRow);
}

const promiseRow = rowOf({ min: row.int, max: row.int, orders: row.intOrZero, early: row.intOrZero, late: row.intOrZero, actual: row.numberOrNull });

/**
 * The calibration of the arrival promised before ordering: the range's delivered orders with a
 * promise, grouped by the range promised, with how many arrived early, late (the rest inside)
 * and their average actual minutes.
 */
export async function promiseRows(inRange: Prisma.Sql) {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT o."promisedMinMinutes" AS min, o."promisedMaxMinutes" AS max, COUNT(*) AS orders,
      SUM(CASE WHEN o."actualMinutes" < o."promisedMinMinutes" THEN 1 ELSE 0 END) AS early,
      SUM(CASE WHEN o."actualMinutes" > o."promisedMaxMinutes" THEN 1 ELSE 0 END) AS late,
      AVG(o."actualMinutes") AS actual
    FROM "Order" AS o
    WHERE ${inRange} AND o."stage" = 'delivered' AND o."promisedMaxMinutes" IS NOT NULL AND o."actualMinutes" IS NOT NULL
    GROUP BY o."promisedMinMinutes", o."promisedMaxMinutes"
    ORDER BY o."promisedMinMinutes", o."promisedMaxMinutes"`;
  return rows.map(promiseRow).map((r) => ({ ...r, actual: r.actual === null ? null : Number(r.actual) }));
}

/** Seconds from `a` to `b`, both timestamp columns: the one dialect difference of these queries. */
function secondsBetween(a: Prisma.Sql, b: Prisma.Sql): Prisma.Sql {
  return config().databaseProvider === "postgresql" ? Prisma.sql`EXTRACT(EPOCH FROM (${b} - ${a}))` : Prisma.sql`((julianday(${b}) - julianday(${a})) * 86400.0)`;
}

const durationRow = rowOf({ orders: row.intOrZero, seconds: row.numberOrNull });
export type DurationRow = ReturnType<typeof durationRow>;

/** Accepted -> ready, from Order.acceptedAt and the ready OrderEvent: how many orders, their average in seconds. */
export async function preparationSeconds(inRange: Prisma.Sql): Promise<DurationRow> {
  const [found] = await db.$queryRaw<unknown[]>`
    SELECT COUNT(*) AS orders, AVG(${secondsBetween(Prisma.sql`o."acceptedAt"`, Prisma.sql`e."at"`)}) AS seconds
    FROM "Order" AS o JOIN "OrderEvent" AS e ON e."orderId" = o."id" AND e."stage" = 'ready'
    WHERE ${inRange} AND o."acceptedAt" IS NOT NULL`;
  return durationRow(found ?? {});
}

/** Ready -> delivered (delivery orders), from their OrderEvents: how many orders, their average in seconds. */
export async function deliverySeconds(inRange: Prisma.Sql): Promise<DurationRow> {
  const [found] = await db.$queryRaw<unknown[]>`
    SELECT COUNT(*) AS orders, AVG(${secondsBetween(Prisma.sql`r."at"`, Prisma.sql`d."at"`)}) AS seconds
    FROM "Order" AS o
      JOIN "OrderEvent" AS r ON r."orderId" = o."id" AND r."stage" = 'ready'
      JOIN "OrderEvent" AS d ON d."orderId" = o."id" AND d."stage" = 'delivered'
    WHERE ${inRange} AND o."pickup" = ${false}`;
  return durationRow(found ?? {});
}
