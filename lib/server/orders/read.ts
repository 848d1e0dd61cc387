import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { runningLate, type ArrivalWindow } from "@/lib/shared/arrival";
import { MARKET_TIME_ZONE } from "@/lib/shared/constants";
import { OPEN_STAGES } from "@/lib/shared/order-stages";
import type { Paging } from "@/lib/validation/browse";
import { db } from "../platform/db";
import { notFound } from "../platform/errors";
import { joinedGroupOrderIds, memberNamesOf } from "../group-orders/members";
import type { SessionUser } from "../web/session";
import { orderInclude, type OrderRow } from "./include";
import { whereStatus } from "./status";
import { withDeliveries } from "../dispatch/order-delivery";
import { orderArrival, orderToJson, type OrderJson } from "./to-json";

// The customer's reads of their own orders; anyone else's order looks exactly like a missing one,
// except a group order they took part in, which they may read (not act on): its JSON carries
// their share (group.member; lib/server/group-orders/members.ts).

export async function getOwnOrder(user: SessionUser, id: number): Promise<OrderRow> {
  const order = await db.order.findFirst({ where: { id, userId: user.id }, include: orderInclude });
  if (!order) throw notFound("Order");
  return (await withDeliveries(db, [order]))[0]!;
}

/** Any order with its delivery (the mails: lib/server/notifications/message.ts), or null: its arrival window is the page's. */
export async function readOrderWithDelivery(id: number): Promise<OrderRow | null> {
  const found = await db.order.findUnique({ where: { id }, include: orderInclude });
  return found && (await withDeliveries(db, [found]))[0]!;
}

/** The caller's own order while it is still at checkout (Active), else null (anyone else's looks missing). */
export function findOwnActiveOrder(user: SessionUser, id: number): Promise<OrderRow | null> {
  return db.order.findFirst({ where: { id, userId: user.id, ...whereStatus("Active") }, include: orderInclude });
}

/**
 * An order the caller may read: their own, or a group order they took part in (as its JSON
 * shows it to them). Null for an unknown id and anyone else's order alike.
 */
export async function findReadableOrder(user: SessionUser, id: number): Promise<{ order: OrderRow; json: OrderJson } | null> {
  const found = await db.order.findUnique({ where: { id }, include: orderInclude });
  if (!found) return null;
  const [order] = await withDeliveries(db, [found]);
  if (!order) return null;
  if (order.userId === user.id) return { order, json: orderToJson(order) };
  if (order.groupHostName === null) return null;
  const memberName = (await memberNamesOf(db, user, [id])).get(id);
  return memberName === undefined ? null : { order, json: orderToJson(order, { memberName }) };
}

/** GET /api/orders/{id}: an order the caller may read (findReadableOrder), else 404. */
export async function getReadableOrder(user: SessionUser, id: number): Promise<OrderJson> {
  const found = await findReadableOrder(user, id);
  if (!found) throw notFound("Order");
  return found.json;
}

/** `timeZone`: the restaurant's, in which the page states times; `late`: the window had passed when the page was rendered. */
export type OrderDetail = { order: OrderJson; submittedAt: string | null; arrival: ArrivalWindow | null; timeZone: string; late: boolean };

/**
 * What the order's own page shows (/orders/{id}): the order and its expected arrival. Null for
 * an unknown id and for anyone else's order, so the page answers both with the same 404 (a
 * group order's participants read it too, read-only).
 */
export async function findOwnOrderDetail(user: SessionUser, id: number, now = new Date()): Promise<OrderDetail | null> {
  const found = await findReadableOrder(user, id);
  if (!found) return null;
  const { order, json } = found;
  const arrival = orderArrival(order);
  return {
    order: json,
    submittedAt: order.submittedAt?.toISOString() ?? null,
    arrival,
    timeZone: order.restaurant?.timeZone ?? MARKET_TIME_ZONE,
    late: runningLate(arrival, now),
  };
}

/** Newest first: the lists' order, the one their index keeps (Order(userId, createdAt), the id breaking ties). */
const newestFirst = [{ createdAt: "desc" }, { id: "desc" }] satisfies Prisma.OrderOrderByWithRelationInput[];

/**
 * The user's orders, newest first, one page: their own and the group orders they took part in
 * that someone else placed (lib/server/group-orders/members.ts). A page costs what a page costs,
 * whatever the history behind it (issue 50; lib/server/orders/order-lists.test.ts pins the plans):
 * the own orders come out of the (userId, createdAt) index in order and the walk stops after the
 * page, with no COUNT and no sort of the history. With joined group orders (at most
 * JOINED_GROUPS_LISTED, read by primary key) the page is merged from the first offset + limit of
 * each list: one `OR` of both would have the database read and sort the whole history.
 */
export async function listOwnOrders(user: SessionUser, paging: Paging): Promise<OrderRow[]> {
  const joined = await joinedGroupOrderIds(db, user);
  if (!joined.length) {
    const rows = await db.order.findMany({ where: { userId: user.id }, include: orderInclude, orderBy: newestFirst, skip: paging.offset, take: paging.limit });
    return withDeliveries(db, rows);
  }
  const reach = paging.offset + paging.limit;
  const [own, theirs] = await Promise.all([
    db.order.findMany({ where: { userId: user.id }, select: { id: true, createdAt: true }, orderBy: newestFirst, take: reach }),
    db.order.findMany({ where: { id: { in: joined }, userId: { not: user.id } }, select: { id: true, createdAt: true } }),
  ]);
  const page = [...own, ...theirs]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
    .slice(paging.offset, reach)
    .map((row) => row.id);
  if (!page.length) return [];
  const rows = await db.order.findMany({ where: { id: { in: page } }, include: orderInclude });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return withDeliveries(
    db,
    page.map((id) => byId.get(id)!),
  );
}

/** One page of the user's orders as JSON: a group order someone else placed carries the user's share. */
export async function listOrdersJson(user: SessionUser, paging: Paging): Promise<OrderJson[]> {
  const rows = await listOwnOrders(user, paging);
  const names = await memberNamesOf(
    db,
    user,
    rows.filter((row) => row.userId !== user.id).map((row) => row.id),
  );
  return rows.map((row) => orderToJson(row, { memberName: names.get(row.id) }));
}

/** The user's orders still under way (placed, accepted, ready, out for delivery), oldest first. */
export async function listOpenOrders(user: SessionUser): Promise<OrderRow[]> {
  const rows = await db.order.findMany({
    where: { userId: user.id, stage: { in: [...OPEN_STAGES] } },
    include: orderInclude,
    orderBy: [{ submittedAt: "asc" }, { id: "asc" }],
    take: 50,
  });
  return withDeliveries(db, rows);
}
