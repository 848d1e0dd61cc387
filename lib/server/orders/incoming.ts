import "server-only";
import { OPEN_STAGES } from "@/lib/shared/order-stages";
import type { Paging } from "@/lib/validation/browse";
import { db } from "../db";
import { getOwnedRestaurant, type Actor } from "../manage";
import { expireOverdueOrders } from "./expire";
import { incomingOrderInclude, type IncomingOrderRow } from "./include";

// A restaurant's orders as its owner sees them.

/** The restaurant's Submitted orders, newest first, one page. */
export async function listIncomingOrders(actor: Actor, restaurantId: number, paging: Paging): Promise<IncomingOrderRow[]> {
  await getOwnedRestaurant(actor, restaurantId);
  return db.order.findMany({
    where: { restaurantId, status: "Submitted" },
    include: incomingOrderInclude,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: paging.offset,
    take: paging.limit,
  });
}

const BOARD_OPEN_MAX = 200;
const BOARD_DONE_MAX = 50;
const CLOSED_STAGES = ["delivered", "rejected", "canceled", "expired"];

/**
 * The order board: the open orders, oldest first (the next one to cook on top), and those
 * closed since midnight (server time), newest first. Overdue orders are expired first, so the
 * board never offers to accept an order the customer has been refunded for.
 */
export async function getBoard(actor: Actor, restaurantId: number, now = new Date()): Promise<{ orders: IncomingOrderRow[]; doneToday: IncomingOrderRow[] }> {
  await getOwnedRestaurant(actor, restaurantId);
  await expireOverdueOrders(now);
  const midnight = new Date(now);
  midnight.setHours(0, 0, 0, 0);
  const [orders, doneToday] = await Promise.all([
    db.order.findMany({
      where: { restaurantId, stage: { in: [...OPEN_STAGES] } },
      include: incomingOrderInclude,
      orderBy: [{ submittedAt: "asc" }, { id: "asc" }],
      take: BOARD_OPEN_MAX,
    }),
    db.order.findMany({
      where: { restaurantId, stage: { in: CLOSED_STAGES }, closedAt: { gte: midnight } },
      include: incomingOrderInclude,
      orderBy: [{ closedAt: "desc" }, { id: "desc" }],
      take: BOARD_DONE_MAX,
    }),
  ]);
  return { orders, doneToday };
}
