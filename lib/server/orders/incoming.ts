import "server-only";
import { BOARD_PAGE_SIZE } from "@/lib/shared/constants";
import { OPEN_STAGES, ORDER_STAGES, type OpenStage } from "@/lib/shared/order-stages";
import type { Paging } from "@/lib/validation/browse";
import { db } from "../platform/db";
import { notFound } from "../platform/errors";
import { assertOwnsRestaurant, getOwnedRestaurant, type Actor } from "../owners/owned";
import { readSql } from "../platform/sql";
import { expireOverdueOrders } from "./expire";
import { incomingOrderInclude, type IncomingOrderRow } from "./include";
import { statusSql } from "./status";
import { incomingOrderPage, orderPages } from "./page-rows";
import { withDeliveries } from "../dispatch/order-delivery";

// A restaurant's orders as its owner sees them.

/** The restaurant's Submitted orders, newest first, one page (page-rows.ts: the page and its relations in four statements). */
export async function listIncomingOrders(actor: Actor, restaurantId: number, paging: Paging): Promise<IncomingOrderRow[]> {
  await assertOwnsRestaurant(actor, restaurantId);
  return incomingOrderPage({
    where: `o."restaurantId" = ? AND ${statusSql("Submitted", `o."stage"`)}`,
    params: [restaurantId],
    orderBy: `o."createdAt" DESC, o."id" DESC`,
    ...paging,
  });
}

const BOARD_DONE_MAX = 50;
const CLOSED_STAGES = ORDER_STAGES.filter((stage) => !(OPEN_STAGES as readonly string[]).includes(stage));
const stagesSql = (stages: readonly string[]) => `(${stages.map((stage) => `'${stage}'`).join(", ")})`;

export type Board = { orders: IncomingOrderRow[]; openCounts: Record<OpenStage, number>; doneToday: IncomingOrderRow[] };

/**
 * The order board: one page of the open orders, oldest first (the next one to cook on top), how
 * many are open at each stage (so every one of them is reachable: the board pages on with
 * `offset`), and those closed since midnight (server time), newest first. Overdue orders are
 * expired first, so the board never offers to accept an order the customer has been refunded for.
 * Both lists are read in plain SQL (page-rows.ts), their lines, timelines and deliveries together.
 */
export async function getBoard(actor: Actor, restaurantId: number, now = new Date(), page: Paging = { offset: 0, limit: BOARD_PAGE_SIZE }): Promise<Board> {
  await assertOwnsRestaurant(actor, restaurantId);
  await expireOverdueOrders(now);
  const midnight = new Date(now);
  midnight.setHours(0, 0, 0, 0);
  const open = `o."restaurantId" = ? AND o."stage" IN ${stagesSql(OPEN_STAGES)}`;
  const sql = await readSql();
  const counts = await sql.all<{ stage: string; count: number | bigint }>(`SELECT o."stage", COUNT(*) AS "count" FROM "Order" AS o WHERE ${open} GROUP BY o."stage"`, [
    restaurantId,
  ]);
  const [orders, doneToday] = (await orderPages(
    [
      { where: open, params: [restaurantId], orderBy: `o."submittedAt" ASC, o."id" ASC`, ...page },
      {
        // Read by Order(restaurantId, closedAt), never by stage: every closed stage is the restaurant's whole history.
        where: `o."restaurantId" = ? AND o."closedAt" >= ? AND o."stage" IN ${stagesSql(CLOSED_STAGES)}`,
        params: [restaurantId, midnight],
        orderBy: `o."closedAt" DESC, o."id" DESC`,
        limit: BOARD_DONE_MAX,
      },
    ],
    true,
  )) as [IncomingOrderRow[], IncomingOrderRow[]];
  const openCounts = Object.fromEntries(OPEN_STAGES.map((stage) => [stage, Number(counts.find((row) => row.stage === stage)?.count ?? 0)])) as Record<OpenStage, number>;
  return { orders, openCounts, doneToday };
}

/** One order of the owner's restaurant, with its courier and delivery (another restaurant's is a 404). */
export async function getIncomingOrder(actor: Actor, restaurantId: number, orderId: number): Promise<IncomingOrderRow> {
  await getOwnedRestaurant(actor, restaurantId);
  const order = await db.order.findFirst({ where: { id: orderId, restaurantId }, include: incomingOrderInclude });
  if (!order) throw notFound("Order");
  return (await withDeliveries(db, [order]))[0]!;
}
