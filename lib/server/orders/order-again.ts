import "server-only";
import type { Restaurant } from "@/lib/generated/prisma/client";
import { db } from "../platform/db";

// /home's "Order again" row (docs/architecture/customer-data.md): the customer's
// most recent restaurants from their placed orders, each with its last order, which the row's
// button rebuilds through POST /api/orders/{id}/reorder (./reorder.ts: the same lines at today's
// prices, naming what is sold out, removed or no longer offered).

/** Restaurants the row shows at most. */
export const ORDER_AGAIN_SIZE = 8;
/** Placed orders read to find them (a customer's latest; ample for 8 restaurants). */
const SCAN = 200;

export type OrderAgain = { restaurant: Restaurant; lastOrderId: number; lastOrderedAt: Date };

/** The user's latest restaurants, most recent first, each once; suspended ones left out. */
export async function orderAgain(userId: number): Promise<OrderAgain[]> {
  const orders = await db.order.findMany({
    where: { userId, submittedAt: { not: null }, restaurantId: { not: null }, restaurant: { suspendedAt: null } },
    orderBy: [{ submittedAt: "desc" }, { id: "desc" }],
    take: SCAN,
    select: { id: true, restaurantId: true, submittedAt: true },
  });
  const latest = new Map<number, { id: number; at: Date }>();
  for (const order of orders) {
    if (latest.size >= ORDER_AGAIN_SIZE) break;
    if (order.restaurantId !== null && order.submittedAt && !latest.has(order.restaurantId)) latest.set(order.restaurantId, { id: order.id, at: order.submittedAt });
  }
  const restaurants = new Map((await db.restaurant.findMany({ where: { id: { in: [...latest.keys()] } } })).map((r) => [r.id, r]));
  return [...latest].flatMap(([id, last]) => {
    const restaurant = restaurants.get(id);
    return restaurant ? [{ restaurant, lastOrderId: last.id, lastOrderedAt: last.at }] : [];
  });
}
