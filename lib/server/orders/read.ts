import "server-only";
import { runningLate, type ArrivalWindow } from "@/lib/shared/delivery/arrival";
import { MARKET_TIME_ZONE } from "@/lib/shared/constants";
import { majorIn } from "@/lib/shared/money/currency";
import { OPEN_STAGES } from "@/lib/shared/orders/order-stages";
import type { Paging } from "@/lib/contract/restaurants/browse-rules";
import { receiptRefunds } from "../ledger/orders";
import { db } from "../platform/db";
import { plainSql, readSql } from "../platform/sql";
import { notFound } from "../platform/errors";
import { joinedGroupOrderIds, memberNamesOf } from "./group-members";
import type { SessionUser } from "../platform/session-user";
import { orderInclude, type OrderRow } from "./include";
import { whereStatus } from "./status";
import { withDeliveries } from "../dispatch/order-delivery";
import { orderArrival, orderToJson, type OrderJson } from "./to-json";
import type { Locale } from "@/lib/i18n/locale";
import { orderPage } from "./page-rows";
import { ordersById, othersOrderKeys, ownOrderKeys, ownOrdersPage } from "./queries/lists";
import { said } from "@/lib/shared/words/said";

// The customer's reads of their own orders; anyone else's order looks exactly like a missing one,
// except a group order they took part in, which they may read (not act on): its JSON carries
// their share (group.member; lib/server/orders/group-members.ts).

export async function getOwnOrder(user: SessionUser, id: number): Promise<OrderRow> {
  const order = await db.order.findFirst({ where: { id, userId: user.id }, include: orderInclude });
  if (!order) throw notFound(said("messages.orderNotFound"));
  return (await withDeliveries(db, [order]))[0]!;
}

/** Any order with its delivery (the mails: lib/server/mail/message.ts), or null: its arrival window is the page's. */
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
export async function findReadableOrder(user: SessionUser, id: number, locale: Locale = "en"): Promise<{ order: OrderRow; json: OrderJson } | null> {
  // The lists' plain-SQL read (page-rows.ts), the same row orderInclude gives: through Prisma's
  // include it was most of GET /api/orders/{id}'s CPU.
  const [order] = await orderPage(ordersById([id]));
  if (!order) return null;
  if (order.userId === user.id) return { order, json: orderToJson(order, { locale }) };
  if (order.groupHostName === null) return null;
  const memberName = (await memberNamesOf(db, user, [id])).get(id);
  return memberName === undefined ? null : { order, json: orderToJson(order, { memberName, locale }) };
}

/** GET /api/orders/{id}: an order the caller may read (findReadableOrder), else 404. */
export async function getReadableOrder(user: SessionUser, id: number, locale: Locale = "en"): Promise<OrderJson> {
  const found = await findReadableOrder(user, id, locale);
  if (!found) throw notFound(said("messages.orderNotFound"));
  return found.json;
}

/** A receipt's "Refunded" line: dollars given back to the wallet or card (lib/server/ledger/orders.ts receiptRefunds). */
export type ReceiptRefundJson = { label: string; amount: number; at: string; change: boolean };

/** `timeZone`: the restaurant's, in which the page states times; `late`: the window had passed when the page was rendered. */
export type OrderDetail = {
  order: OrderJson;
  submittedAt: string | null;
  arrival: ArrivalWindow | null;
  timeZone: string;
  late: boolean;
  /** When it was read (ms): the page's late estimate counts from it first (lib/shared/delivery/late-estimate.ts lateEstimate). */
  renderedAt: number;
  /** Where it is going, for whoever placed a delivery: its job's address, else (not yet accepted) the address the job will take, theirs. */
  deliverTo: string | null;
  refunds: ReceiptRefundJson[];
};

/**
 * What the order's own page shows (/orders/{id}): the order, its expected arrival and the refunds
 * the ledger gave back on it (a cancel's, a problem report's: the receipt's "Refunded" lines). Null for
 * an unknown id and for anyone else's order, so the page answers both with the same 404 (a
 * group order's participants read it too, read-only).
 */
export async function findOwnOrderDetail(user: SessionUser, id: number, now = new Date(), locale: Locale = "en"): Promise<OrderDetail | null> {
  const found = await findReadableOrder(user, id, locale);
  if (!found) return null;
  const { order, json } = found;
  const arrival = orderArrival(order);
  const major = majorIn(order.currency);
  const refunds = (await receiptRefunds(plainSql(), order)).map((refund) => ({
    label: refund.label,
    amount: major(refund.cents),
    at: refund.at.toISOString(),
    change: refund.change,
  }));
  return {
    order: json,
    submittedAt: order.submittedAt?.toISOString() ?? null,
    arrival,
    timeZone: order.restaurant?.timeZone ?? MARKET_TIME_ZONE,
    late: runningLate(arrival, now),
    renderedAt: now.getTime(),
    deliverTo: order.userId === user.id && !order.pickup ? await deliveryAddress(order.id, user.id) : null,
    refunds,
  };
}

/**
 * The user's orders, newest first, one page: their own and the group orders they took part in
 * that someone else placed (lib/server/orders/group-members.ts). A page costs what a page costs,
 * whatever the history behind it (lib/server/orders/order-lists.test.ts pins the plans):
 * the own orders come out of the (userId, createdAt) index in order and the walk stops after the
 * page, with no COUNT and no sort of the history, in plain SQL (page-rows.ts: the page and its
 * relations in four statements). With joined group orders (at most JOINED_GROUPS_LISTED, read by
 * primary key) the page is merged from the first offset + limit of each list: one `OR` of both
 * would have the database read and sort the whole history.
 */
export async function listOwnOrders(user: SessionUser, paging: Paging): Promise<OrderRow[]> {
  const sql = await readSql();
  const joined = await joinedGroupOrderIds(sql, user);
  if (!joined.length) return orderPage(ownOrdersPage(user.id, paging));
  const reach = paging.offset + paging.limit;
  const [own, theirs] = await Promise.all([ownOrderKeys(sql, user.id, reach), othersOrderKeys(sql, joined, user.id)]);
  const page = [...own, ...theirs]
    .map((key) => ({ id: key.id, at: key.createdAt.getTime() }))
    .sort((a, b) => b.at - a.at || b.id - a.id)
    .slice(paging.offset, reach)
    .map((key) => key.id);
  if (!page.length) return [];
  const rows = await orderPage(ordersById(page));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return page.map((id) => byId.get(id)!);
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

/** The delivery's address: its job's (dispatch/create.ts writes it at accept), else the customer's own, which the job will take. */
async function deliveryAddress(orderId: number, userId: number): Promise<string | null> {
  const job = await db.deliveryJob.findUnique({ where: { orderId }, select: { dropoffAddress: true } });
  if (job) return job.dropoffAddress;
  const user = await db.user.findUnique({ where: { id: userId }, select: { address: true, city: true, state: true, zip: true } });
  if (!user?.address) return null;
  const cityLine = [user.city, [user.state, user.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return [user.address, cityLine].filter(Boolean).join(", ");
}
