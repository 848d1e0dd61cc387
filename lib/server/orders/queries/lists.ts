import "server-only";
import { OPEN_STAGES, ORDER_STAGES } from "@/lib/shared/orders/order-stages";
import type { Paging } from "@/lib/contract/restaurants/browse-rules";
import { row, rowOf } from "../../platform/row";
import { placeholders, type Sql } from "../../platform/sql";
import { statusSql } from "../status";
import type { PageQuery } from "./pages";

// What the order lists read besides their pages (queries/pages.ts): which pages (the customer's
// own orders and the group orders they joined, a restaurant's incoming orders, its board), the
// keys a merged page is chosen by, the board's counts, and the open orders the running-late job
// looks at.

/** Newest first: the lists' order, the one their index keeps (Order(userId, createdAt), the id breaking ties). */
const NEWEST_FIRST = `o."createdAt" DESC, o."id" DESC`;

/** The user's own orders, newest first, one page. */
export const ownOrdersPage = (userId: number, paging: Paging): PageQuery => ({ where: `o."userId" = ?`, params: [userId], orderBy: NEWEST_FIRST, ...paging });

/** The orders `ids`, in any order. */
export const ordersById = (ids: readonly number[]): PageQuery => ({ where: `o."id" IN ${placeholders(ids.length)}`, params: ids });

const orderIdRow = rowOf({ orderId: row.int });

/** The orders of the groups `userId` joined and someone else checked out (their latest `groups` groups), in one statement. */
export async function joinedGroupOrderIdRows(sql: Sql, userId: number, groups: number): Promise<number[]> {
  const rows = await sql.all(
    `SELECT g."orderId" FROM "GroupOrder" AS g
      WHERE g."id" IN (SELECT p."groupId" FROM "GroupParticipant" AS p WHERE p."userId" = ? ORDER BY p."id" DESC LIMIT ${groups})
        AND g."status" = 'placed' AND g."hostId" <> ? AND g."orderId" IS NOT NULL`,
    [userId, userId],
  );
  return rows.map((found) => orderIdRow(found).orderId);
}

const keyRow = rowOf({ id: row.int, createdAt: row.date });
export type OrderKey = ReturnType<typeof keyRow>;

/** The keys (id, when placed) of the user's first `reach` orders, newest first: where a merged page is cut. */
export async function ownOrderKeys(sql: Sql, userId: number, reach: number): Promise<OrderKey[]> {
  const rows = await sql.all(`SELECT o."id", o."createdAt" FROM "Order" AS o WHERE o."userId" = ? ORDER BY ${NEWEST_FIRST} LIMIT ${reach}`, [userId]);
  return rows.map(keyRow);
}

/** The keys of the orders `ids` that are not the user's own (the group orders they joined), in one statement. */
export async function othersOrderKeys(sql: Sql, ids: readonly number[], userId: number): Promise<OrderKey[]> {
  const rows = await sql.all(`SELECT o."id", o."createdAt" FROM "Order" AS o WHERE o."id" IN ${placeholders(ids.length)} AND o."userId" <> ?`, [...ids, userId]);
  return rows.map(keyRow);
}

/** The restaurant's Submitted orders, newest first, one page. */
export const incomingPage = (restaurantId: number, paging: Paging): PageQuery => ({
  where: `o."restaurantId" = ? AND ${statusSql("Submitted", `o."stage"`)}`,
  params: [restaurantId],
  orderBy: `o."createdAt" DESC, o."id" DESC`,
  ...paging,
});

const CLOSED_STAGES = ORDER_STAGES.filter((stage) => !(OPEN_STAGES as readonly string[]).includes(stage));
const stagesSql = (stages: readonly string[]) => `(${stages.map((stage) => `'${stage}'`).join(", ")})`;
const BOARD_OPEN = `o."restaurantId" = ? AND o."stage" IN ${stagesSql(OPEN_STAGES)}`;

/** The board's open orders, oldest first (the next one to cook on top), one page. */
export const boardOpenPage = (restaurantId: number, page: Paging): PageQuery => ({
  where: BOARD_OPEN,
  params: [restaurantId],
  orderBy: `o."submittedAt" ASC, o."id" ASC`,
  ...page,
});

/** The board's orders closed since `since`, newest first, at most `limit`. */
export const boardClosedPage = (restaurantId: number, since: Date, limit: number): PageQuery => ({
  // Read by Order(restaurantId, closedAt), never by stage: every closed stage is the restaurant's whole history.
  where: `o."restaurantId" = ? AND o."closedAt" >= ? AND o."stage" IN ${stagesSql(CLOSED_STAGES)}`,
  params: [restaurantId, since],
  orderBy: `o."closedAt" DESC, o."id" DESC`,
  limit,
});

const stageCountRow = rowOf({ stage: row.text, count: row.int });

/** How many of the restaurant's orders are open at each stage (a stage with none is absent), in one statement. */
export async function openStageCounts(sql: Sql, restaurantId: number): Promise<{ stage: string; count: number }[]> {
  const rows = await sql.all(`SELECT o."stage", COUNT(*) AS "count" FROM "Order" AS o WHERE ${BOARD_OPEN} GROUP BY o."stage"`, [restaurantId]);
  return rows.map(stageCountRow);
}

const idRow = rowOf({ id: row.int });

/**
 * The open orders whose customer has no running-late notice yet (at most `limit`, the oldest
 * first): the stage index, and the outbox's unique key for each candidate (its in_app row is
 * written whatever the preferences).
 */
export async function untoldOpenOrderIds(sql: Sql, limit: number): Promise<number[]> {
  const rows = await sql.all(
    `SELECT o."id" FROM "Order" AS o
      WHERE o."stage" IN ${placeholders(OPEN_STAGES.length)}
        AND NOT EXISTS (SELECT 1 FROM "Notification" AS n WHERE n."userId" = o."userId" AND n."channel" = 'in_app' AND n."cause" = 'order:' || CAST(o."id" AS TEXT) || ':running_late')
      ORDER BY o."submittedAt" LIMIT ${limit}`,
    [...OPEN_STAGES],
  );
  return rows.map((found) => idRow(found).id);
}
