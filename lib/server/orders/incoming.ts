import "server-only";
import { BOARD_PAGE_SIZE } from "@/lib/shared/constants";
import { OPEN_STAGES, type OpenStage } from "@/lib/shared/orders/order-stages";
import type { Paging } from "@/lib/contract/restaurants/browse-rules";
import { db, type Tx } from "../platform/db";
import { notFound } from "../platform/errors";
import { assertOwnsRestaurant, getOwnedRestaurant, type Actor } from "../team/owned";
import { readSql } from "../platform/sql";
import { expireOverdueOrders } from "./expire";
import { incomingOrderInclude, type IncomingOrderRow } from "./include";
import { incomingOrderPage, orderPages } from "./page-rows";
import { boardClosedPage, boardOpenPage, incomingPage, openStageCounts } from "./queries/lists";
import { withDeliveries } from "../dispatch/order-delivery";
import { heldOrders } from "../payments/queries/sync-claims";
import { unpaidLinkOrders } from "../payments/queries/pay-links";
import { said } from "@/lib/shared/words/said";

// A restaurant's orders as its owner sees them.

/** The restaurant's Submitted orders, newest first, one page (page-rows.ts: the page and its relations in four statements). */
export async function listIncomingOrders(actor: Actor, restaurantId: number, paging: Paging): Promise<IncomingOrderRow[]> {
  await assertOwnsRestaurant(actor, restaurantId);
  return incomingOrderPage(incomingPage(restaurantId, paging));
}

const BOARD_DONE_MAX = 50;

/** A board's order: `awaitingPayment` while its card's capture failed and the customer has not paid yet (orders/unpaid.ts). */
export type BoardRow = IncomingOrderRow & { awaitingPayment?: boolean };
export type Board = {
  orders: BoardRow[];
  openCounts: Record<OpenStage, number>;
  doneToday: IncomingOrderRow[];
  /** The restaurant's "start cooking when the courier is N minutes away" (kitchen.md), null: off. */
  startCookingMinutes: number | null;
};

/**
 * The order board: one page of the open orders, oldest first (the next one to cook on top), how
 * many are open at each stage (so every one of them is reachable: the board pages on with
 * `offset`), and those closed since midnight (server time), newest first. Overdue orders are
 * expired first, so the board never offers to accept an order the customer has been refunded for.
 * A card order whose capture failed, or a phone order whose payment link is unpaid, is marked
 * `awaitingPayment` (its card says "Waiting for payment").
 * Both lists are read in plain SQL (page-rows.ts), their lines, timelines and deliveries together;
 * with them the restaurant's "start cooking when the courier is N minutes away" (the cards' cue).
 */
export async function getBoard(actor: Actor, restaurantId: number, now = new Date(), page: Paging = { offset: 0, limit: BOARD_PAGE_SIZE }): Promise<Board> {
  await assertOwnsRestaurant(actor, restaurantId);
  await expireOverdueOrders(now);
  const midnight = new Date(now);
  midnight.setHours(0, 0, 0, 0);
  const sql = await readSql();
  const [counts, setting] = await Promise.all([
    openStageCounts(sql, restaurantId),
    db.restaurant.findUnique({ where: { id: restaurantId }, select: { startCookingMinutes: true } }),
  ]);
  const [orders, doneToday] = (await orderPages([boardOpenPage(restaurantId, page), boardClosedPage(restaurantId, midnight, BOARD_DONE_MAX)], true)) as [
    IncomingOrderRow[],
    IncomingOrderRow[],
  ];
  const held = new Set(
    (
      await heldOrders(
        sql,
        orders.filter((order) => order.paymentMethod === "card").map((order) => order.id),
      )
    ).map((found) => found.orderId),
  );
  const cardOrders = orders.filter((order) => order.paymentMethod === "card").map((order) => order.id);
  for (const id of await unpaidLinkOrders(sql, cardOrders)) held.add(id);
  for (const order of orders as BoardRow[]) if (held.has(order.id)) order.awaitingPayment = true;
  const openCounts = Object.fromEntries(OPEN_STAGES.map((stage) => [stage, counts.find((row) => row.stage === stage)?.count ?? 0])) as Record<OpenStage, number>;
  return { orders, openCounts, doneToday, startCookingMinutes: setting?.startCookingMinutes ?? null };
}

/** One order of the owner's restaurant, with its courier and delivery (another restaurant's is a 404). */
export async function getIncomingOrder(actor: Actor, restaurantId: number, orderId: number, client: Tx = db): Promise<IncomingOrderRow> {
  await getOwnedRestaurant(actor, restaurantId, client);
  const order = await client.order.findFirst({ where: { id: orderId, restaurantId }, include: incomingOrderInclude });
  if (!order) throw notFound(said("messages.orderNotFound"));
  return (await withDeliveries(client, [order]))[0]!;
}
