import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Days } from "./days";
import type { DayFigures, DishFigures, Insights } from "./figures";
import { customerCounts, dayRows, topDishRows } from "./queries";

// What sold: orders and revenue per day, new and returning customers, the top dishes.

/** Orders, revenue and cancellations on each day of the range (its net revenue is the ledger's: settled.ts). */
export async function dayFigures(days: Days, inRange: Prisma.Sql): Promise<Omit<DayFigures, "netRevenueCents">[]> {
  const rows = await dayRows(days, inRange);
  const byBucket = new Map(rows.map((row) => [row.bucket, row]));
  return days.keys.map((day, i) => {
    const row = byBucket.get(i);
    return { day, orders: row?.orders ?? 0, revenueCents: row?.revenue ?? 0, canceled: row?.canceled ?? 0 };
  });
}

/** Customers with a sold order in the range: new (their first here is in it) or returning. */
export async function customerFigures(restaurantId: number, start: Date, end: Date): Promise<Insights["customers"]> {
  const { customers, fresh } = await customerCounts(restaurantId, start, end);
  return { new: fresh, returning: customers - fresh };
}

/** The TOP_DISHES dishes by quantity or by revenue, over sold orders. */
export async function topDishes(inRange: Prisma.Sql, by: "quantity" | "revenue"): Promise<DishFigures[]> {
  const rows = await topDishRows(inRange, by);
  return rows.map((row) => ({ name: row.name, quantity: row.quantity, revenueCents: row.revenue }));
}
