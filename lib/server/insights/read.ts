import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { DateRange } from "@/lib/validation/insights";
import { ACCEPTED_STAGES } from "@/lib/shared/order-stages";
import { config } from "../platform/config";
import { db } from "../platform/db";
import { getOwnedRestaurant } from "../restaurants/owned";
import type { SessionUser } from "../web/session";
import { bucketOf, daysOf, everyNth, type Days } from "./days";

// An owner's numbers for a range of the restaurant's days (docs/architecture/insights.md "Insights and
// exports"). Every figure is an aggregate the database computes (GROUP BY, SUM, AVG) over the
// range's orders, found through Order(restaurantId, submittedAt): no order is loaded here. An
// order counts on the local day it was submitted. Orders, revenue, customers and top dishes
// count the same orders: those the restaurant accepted that did not end canceled
// (ACCEPTED_STAGES); revenue is their food sales (subtotals: the lines' prices, options included,
// without the platform's fees, tax or the tip), so it equals the sum of the dishes' sales. A
// canceled order (rejected, canceled by the customer, expired) counts only under cancellations;
// one still waiting to be accepted counts nowhere yet.

export type DayFigures = { day: string; orders: number; revenueCents: number; canceled: number };
export type DishFigures = { name: string; quantity: number; revenueCents: number };
export type CancelFigures = { reason: string; orders: number; amountCents: number; refundedToWalletCents: number };
export type WeekRating = { weekOf: string; reviews: number; average: number | null };
export type LatestReview = { id: number; firstName: string; rating: number; review: string; createdAt: Date };
export type Duration = { orders: number; averageMinutes: number | null };

export type Insights = {
  range: DateRange;
  timeZone: string;
  days: DayFigures[];
  /** Accepted orders, not canceled (ACCEPTED_STAGES). */
  orders: number;
  /** Their food sales (subtotals, no fees, tax or tip): the sum of every dish's revenueCents. */
  revenueCents: number;
  /** Revenue / orders, rounded to the cent; null without orders. */
  averageOrderCents: number | null;
  /** Customers with an accepted order in the range: whose first order here is in it (new), or earlier (returning). */
  customers: { new: number; returning: number };
  topByQuantity: DishFigures[];
  topByRevenue: DishFigures[];
  cancellations: CancelFigures[];
  ratings: WeekRating[];
  latestReviews: LatestReview[];
  /** Accepted -> ready, from Order.acceptedAt and the ready OrderEvent. */
  preparation: Duration;
  /** Ready -> delivered (delivery orders), from their OrderEvents. */
  delivery: Duration;
};

export const TOP_DISHES = 10;
export const LATEST_REVIEWS = 5;

/** The orders that count as sales: accepted by the restaurant, not canceled. */
const SOLD = Prisma.sql`o."stage" IN (${Prisma.join([...ACCEPTED_STAGES])})`;

const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
const orNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** Seconds from `a` to `b`, both timestamp columns: the one dialect difference of these queries. */
function secondsBetween(a: Prisma.Sql, b: Prisma.Sql): Prisma.Sql {
  return config().databaseProvider === "postgresql" ? Prisma.sql`EXTRACT(EPOCH FROM (${b} - ${a}))` : Prisma.sql`((julianday(${b}) - julianday(${a})) * 86400.0)`;
}

/** The restaurant's insights, for its owner only (anyone else: the 404 of getOwnedRestaurant). */
export async function getInsights(user: Pick<SessionUser, "id" | "guestAccount">, restaurantId: number, range: DateRange): Promise<Insights> {
  const restaurant = await getOwnedRestaurant(user, restaurantId);
  return readInsights(restaurant.id, restaurant.timeZone, range);
}

/** The figures, for a restaurant whose ownership the caller has checked. */
export async function readInsights(restaurantId: number, timeZone: string, range: DateRange): Promise<Insights> {
  const days = daysOf(range, timeZone);
  const start = days.bounds[0]!;
  const end = days.bounds[days.bounds.length - 1]!;
  const inRange = Prisma.sql`o."restaurantId" = ${restaurantId} AND o."submittedAt" >= ${start} AND o."submittedAt" < ${end}`;
  const [perDay, customers, byQuantity, byRevenue, cancellations, ratings, latestReviews, preparation, delivery] = await Promise.all([
    dayFigures(days, inRange),
    customerFigures(restaurantId, start, end),
    topDishes(inRange, "quantity"),
    topDishes(inRange, "revenue"),
    cancelFigures(inRange),
    weekRatings(restaurantId, everyNth(days, 7)),
    db.review.findMany({
      where: { restaurantId, createdAt: { gte: start, lt: end } },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: LATEST_REVIEWS,
      select: { id: true, restaurantRating: true, review: true, createdAt: true, user: { select: { firstName: true } } },
    }),
    preparationTime(inRange),
    deliveryTime(inRange),
  ]);
  const orders = perDay.reduce((sum, d) => sum + d.orders, 0);
  const revenueCents = perDay.reduce((sum, d) => sum + d.revenueCents, 0);
  return {
    range,
    timeZone,
    days: perDay,
    orders,
    revenueCents,
    averageOrderCents: orders ? Math.round(revenueCents / orders) : null,
    customers,
    topByQuantity: byQuantity,
    topByRevenue: byRevenue,
    cancellations,
    ratings,
    latestReviews: latestReviews.map((r) => ({ id: r.id, firstName: r.user.firstName, rating: r.restaurantRating, review: r.review, createdAt: r.createdAt })),
    preparation,
    delivery,
  };
}

async function dayFigures(days: Days, inRange: Prisma.Sql): Promise<DayFigures[]> {
  const rows = await db.$queryRaw<{ bucket: number | bigint; orders: unknown; revenue: unknown; canceled: unknown }[]>`
    SELECT ${bucketOf(Prisma.sql`o."submittedAt"`, days.bounds)} AS bucket,
      SUM(CASE WHEN ${SOLD} THEN 1 ELSE 0 END) AS orders,
      SUM(CASE WHEN ${SOLD} THEN o."subtotalCents" ELSE 0 END) AS revenue,
      SUM(CASE WHEN o."status" = 'Canceled' THEN 1 ELSE 0 END) AS canceled
    FROM "Order" AS o WHERE ${inRange}
    GROUP BY 1`;
  const byBucket = new Map(rows.map((row) => [Number(row.bucket), row]));
  return days.keys.map((day, i) => {
    const row = byBucket.get(i);
    return { day, orders: num(row?.orders), revenueCents: num(row?.revenue), canceled: num(row?.canceled) };
  });
}

async function customerFigures(restaurantId: number, start: Date, end: Date): Promise<Insights["customers"]> {
  const [row] = await db.$queryRaw<{ customers: unknown; fresh: unknown }[]>`
    SELECT COUNT(*) AS customers, SUM(CASE WHEN f."firstAt" >= ${start} THEN 1 ELSE 0 END) AS fresh
    FROM (
      SELECT o."userId", MIN(o."submittedAt") AS "firstAt", MAX(o."submittedAt") AS "lastAt"
      FROM "Order" AS o
      WHERE o."restaurantId" = ${restaurantId} AND o."submittedAt" < ${end} AND ${SOLD}
      GROUP BY o."userId"
    ) f
    WHERE f."lastAt" >= ${start}`;
  const customers = num(row?.customers);
  const fresh = num(row?.fresh);
  return { new: fresh, returning: customers - fresh };
}

async function topDishes(inRange: Prisma.Sql, by: "quantity" | "revenue"): Promise<DishFigures[]> {
  const order = by === "quantity" ? Prisma.sql`quantity DESC, revenue DESC` : Prisma.sql`revenue DESC, quantity DESC`;
  const rows = await db.$queryRaw<{ name: string; quantity: unknown; revenue: unknown }[]>`
    SELECT i."name" AS name, SUM(i."quantity") AS quantity, SUM(i."quantity" * i."priceCents") AS revenue
    FROM "Order" AS o JOIN "OrderItem" AS i ON i."orderId" = o."id"
    WHERE ${inRange} AND ${SOLD}
    GROUP BY i."name"
    ORDER BY ${order}, i."name"
    LIMIT ${Prisma.raw(String(TOP_DISHES))}`;
  return rows.map((row) => ({ name: row.name, quantity: num(row.quantity), revenueCents: num(row.revenue) }));
}

/** Why orders ended canceled: the restaurant's reason when it rejected, else the stage's meaning. */
export function cancelReason(stage: string | null, reason: string | null): string {
  if (reason) return reason;
  if (stage === "canceled") return "Canceled by the customer";
  if (stage === "expired") return "Not accepted in time";
  if (stage === "rejected") return "Rejected by the restaurant";
  return "Canceled";
}

async function cancelFigures(inRange: Prisma.Sql): Promise<CancelFigures[]> {
  const rows = await db.$queryRaw<{ stage: string | null; reason: string | null; orders: unknown; amount: unknown; refunded: unknown }[]>`
    SELECT o."stage" AS stage, o."rejectionReason" AS reason, COUNT(*) AS orders, SUM(o."totalCents") AS amount,
      SUM(CASE WHEN o."paymentMethod" = 'wallet' THEN o."totalCents" ELSE 0 END) AS refunded
    FROM "Order" AS o
    WHERE ${inRange} AND o."status" = 'Canceled'
    GROUP BY o."stage", o."rejectionReason"`;
  const merged = new Map<string, CancelFigures>();
  for (const row of rows) {
    const reason = cancelReason(row.stage, row.reason);
    const into = merged.get(reason) ?? { reason, orders: 0, amountCents: 0, refundedToWalletCents: 0 };
    into.orders += num(row.orders);
    into.amountCents += num(row.amount);
    into.refundedToWalletCents += num(row.refunded);
    merged.set(reason, into);
  }
  return [...merged.values()].sort((a, b) => b.orders - a.orders || a.reason.localeCompare(b.reason));
}

async function weekRatings(restaurantId: number, weeks: Days): Promise<WeekRating[]> {
  const start = weeks.bounds[0]!;
  const end = weeks.bounds[weeks.bounds.length - 1]!;
  const rows = await db.$queryRaw<{ bucket: number | bigint; reviews: unknown; total: unknown }[]>`
    SELECT ${bucketOf(Prisma.sql`r."createdAt"`, weeks.bounds)} AS bucket, COUNT(*) AS reviews, SUM(r."restaurantRating") AS total
    FROM "Review" AS r
    WHERE r."restaurantId" = ${restaurantId} AND r."createdAt" >= ${start} AND r."createdAt" < ${end}
    GROUP BY 1`;
  const byBucket = new Map(rows.map((row) => [Number(row.bucket), row]));
  return weeks.keys.map((weekOf, i) => {
    const row = byBucket.get(i);
    const reviews = num(row?.reviews);
    return { weekOf, reviews, average: reviews ? Math.round((num(row?.total) / reviews) * 100) / 100 : null };
  });
}

async function preparationTime(inRange: Prisma.Sql): Promise<Duration> {
  const [row] = await db.$queryRaw<{ orders: unknown; seconds: unknown }[]>`
    SELECT COUNT(*) AS orders, AVG(${secondsBetween(Prisma.sql`o."acceptedAt"`, Prisma.sql`e."at"`)}) AS seconds
    FROM "Order" AS o JOIN "OrderEvent" AS e ON e."orderId" = o."id" AND e."stage" = 'ready'
    WHERE ${inRange} AND o."acceptedAt" IS NOT NULL`;
  return duration(row);
}

async function deliveryTime(inRange: Prisma.Sql): Promise<Duration> {
  const [row] = await db.$queryRaw<{ orders: unknown; seconds: unknown }[]>`
    SELECT COUNT(*) AS orders, AVG(${secondsBetween(Prisma.sql`r."at"`, Prisma.sql`d."at"`)}) AS seconds
    FROM "Order" AS o
      JOIN "OrderEvent" AS r ON r."orderId" = o."id" AND r."stage" = 'ready'
      JOIN "OrderEvent" AS d ON d."orderId" = o."id" AND d."stage" = 'delivered'
    WHERE ${inRange} AND o."pickup" = ${false}`;
  return duration(row);
}

function duration(row: { orders: unknown; seconds: unknown } | undefined): Duration {
  const seconds = orNull(row?.seconds);
  return { orders: num(row?.orders), averageMinutes: seconds === null ? null : Math.round(seconds / 6) / 10 };
}
