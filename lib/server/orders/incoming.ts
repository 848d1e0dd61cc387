import "server-only";
import { BOARD_PAGE_SIZE } from "@/lib/shared/constants";
import { OPEN_STAGES, type OpenStage } from "@/lib/shared/order-stages";
import type { Paging } from "@/lib/validation/browse";
import { db } from "../platform/db";
import { notFound } from "../platform/errors";
import { getOwnedRestaurant, type Actor } from "../restaurants/owned";
import { expireOverdueOrders } from "./expire";
import { incomingOrderInclude, type IncomingOrderRow } from "./include";
import { whereStatus } from "./status";
import { withDeliveries } from "../dispatch/order-delivery";

// A restaurant's orders as its owner sees them.

/** The restaurant's Submitted orders, newest first, one page. */
export async function listIncomingOrders(actor: Actor, restaurantId: number, paging: Paging): Promise<IncomingOrderRow[]> {
  await getOwnedRestaurant(actor, restaurantId);
  const rows = await db.order.findMany({
    where: { restaurantId, ...whereStatus("Submitted") },
    include: incomingOrderInclude,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: paging.offset,
    take: paging.limit,
  });
  return withDeliveries(db, rows);
}

const BOARD_DONE_MAX = 50;
const CLOSED_STAGES = ["delivered", "rejected", "canceled", "expired"];

export type Board = { orders: IncomingOrderRow[]; openCounts: Record<OpenStage, number>; doneToday: IncomingOrderRow[] };

/**
 * The order board: one page of the open orders, oldest first (the next one to cook on top), how
 * many are open at each stage (so every one of them is reachable: the board pages on with
 * `offset`), and those closed since midnight (server time), newest first. Overdue orders are
 * expired first, so the board never offers to accept an order the customer has been refunded for.
 */
export async function getBoard(actor: Actor, restaurantId: number, now = new Date(), page: Paging = { offset: 0, limit: BOARD_PAGE_SIZE }): Promise<Board> {
  await getOwnedRestaurant(actor, restaurantId);
  await expireOverdueOrders(now);
  const midnight = new Date(now);
  midnight.setHours(0, 0, 0, 0);
  const open = { restaurantId, stage: { in: [...OPEN_STAGES] } };
  const [orders, counts, doneToday] = await Promise.all([
    db.order.findMany({ where: open, include: incomingOrderInclude, orderBy: [{ submittedAt: "asc" }, { id: "asc" }], skip: page.offset, take: page.limit }),
    db.order.groupBy({ by: ["stage"], where: open, _count: { _all: true } }),
    db.order.findMany({
      where: { restaurantId, stage: { in: CLOSED_STAGES }, closedAt: { gte: midnight } },
      include: incomingOrderInclude,
      orderBy: [{ closedAt: "desc" }, { id: "desc" }],
      take: BOARD_DONE_MAX,
    }),
  ]);
  // One statement for both lists' couriers and deliveries.
  await withDeliveries(db, [...orders, ...doneToday]);
  const openCounts = Object.fromEntries(OPEN_STAGES.map((stage) => [stage, counts.find((row) => row.stage === stage)?._count._all ?? 0])) as Record<OpenStage, number>;
  return { orders, openCounts, doneToday };
}

/** One order of the owner's restaurant, with its courier and delivery (another restaurant's is a 404). */
export async function getIncomingOrder(actor: Actor, restaurantId: number, orderId: number): Promise<IncomingOrderRow> {
  await getOwnedRestaurant(actor, restaurantId);
  const order = await db.order.findFirst({ where: { id: orderId, restaurantId }, include: incomingOrderInclude });
  if (!order) throw notFound("Order");
  return (await withDeliveries(db, [order]))[0]!;
}
