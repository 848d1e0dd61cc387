import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "../platform/db";
import { bucketOf, type Days } from "./days";
import { CANCELED, num, SOLD, TOP_DISHES, type DayFigures, type DishFigures, type Insights } from "./figures";

// What sold: orders and revenue per day, new and returning customers, the top dishes.

/** Orders, revenue and cancellations on each day of the range (its net revenue is the ledger's: settled.ts). */
export async function dayFigures(days: Days, inRange: Prisma.Sql): Promise<Omit<DayFigures, "netRevenueCents">[]> {
  const rows = await db.$queryRaw<{ bucket: number | bigint; orders: unknown; revenue: unknown; canceled: unknown }[]>`
    SELECT ${bucketOf(Prisma.sql`o."submittedAt"`, days.bounds)} AS bucket,
      SUM(CASE WHEN ${SOLD} THEN 1 ELSE 0 END) AS orders,
      SUM(CASE WHEN ${SOLD} THEN o."subtotalCents" ELSE 0 END) AS revenue,
      SUM(CASE WHEN ${CANCELED} THEN 1 ELSE 0 END) AS canceled
    FROM "Order" AS o WHERE ${inRange}
    GROUP BY 1`;
  const byBucket = new Map(rows.map((row) => [Number(row.bucket), row]));
  return days.keys.map((day, i) => {
    const row = byBucket.get(i);
    return { day, orders: num(row?.orders), revenueCents: num(row?.revenue), canceled: num(row?.canceled) };
  });
}

/** Customers with a sold order in the range: new (their first here is in it) or returning. */
export async function customerFigures(restaurantId: number, start: Date, end: Date): Promise<Insights["customers"]> {
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

/** The TOP_DISHES dishes by quantity or by revenue, over sold orders. */
export async function topDishes(inRange: Prisma.Sql, by: "quantity" | "revenue"): Promise<DishFigures[]> {
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
