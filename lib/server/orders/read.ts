import "server-only";
import { arrivalWindow, type ArrivalWindow } from "@/lib/shared/arrival";
import { OPEN_STAGES } from "@/lib/shared/order-stages";
import type { Paging } from "@/lib/validation/browse";
import { db } from "../db";
import { notFound } from "../errors";
import type { SessionUser } from "../session";
import { orderInclude, type OrderRow } from "./include";
import { deliveryOptionOf, orderToJson, type OrderJson } from "./to-json";

// The customer's reads of their own orders; anyone else's order looks exactly like a missing one.

export async function getOwnOrder(user: SessionUser, id: number): Promise<OrderRow> {
  const order = await db.order.findFirst({ where: { id, userId: user.id }, include: orderInclude });
  if (!order) throw notFound("Order");
  return order;
}

/** The caller's own order while it is still at checkout (Active), else null (anyone else's looks missing). */
export function findOwnActiveOrder(user: SessionUser, id: number): Promise<OrderRow | null> {
  return db.order.findFirst({ where: { id, userId: user.id, status: "Active" }, include: orderInclude });
}

export type OrderDetail = { order: OrderJson; submittedAt: string | null; arrival: ArrivalWindow | null };

/**
 * What the order's own page shows (/orders/{id}): the order and its expected arrival. Null for
 * an unknown id and for anyone else's order, so the page answers both with the same 404.
 */
export async function findOwnOrderDetail(user: SessionUser, id: number): Promise<OrderDetail | null> {
  const order = await db.order.findFirst({ where: { id, userId: user.id }, include: orderInclude });
  if (!order) return null;
  const arrival = arrivalWindow({ ...order, deliveryOption: deliveryOptionOf(order), deliveryMinutes: order.restaurant?.deliveryTime ?? null });
  return { order: orderToJson(order), submittedAt: order.submittedAt?.toISOString() ?? null, arrival };
}

/** The user's orders, newest first, one page. */
export function listOwnOrders(user: SessionUser, paging: Paging): Promise<OrderRow[]> {
  return db.order.findMany({
    where: { userId: user.id },
    include: orderInclude,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: paging.offset,
    take: paging.limit,
  });
}

/** The user's orders still under way (placed, accepted, ready, out for delivery), oldest first. */
export function listOpenOrders(user: SessionUser): Promise<OrderRow[]> {
  return db.order.findMany({
    where: { userId: user.id, stage: { in: [...OPEN_STAGES] } },
    include: orderInclude,
    orderBy: [{ submittedAt: "asc" }, { id: "asc" }],
    take: 50,
  });
}
