import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { config } from "../platform/config";
import { db } from "../platform/db";

// An order's help link (docs/architecture/help.md "A guest's order"): the proof that its holder
// may write to support about that order without an account. The token is the HMAC-SHA256 of
// "order-help!<orderId>!<userId>" under SESSION_SECRET (as the mails' unsubscribe links are
// signed), so nothing is stored, it names one order of one customer, and it cannot be made for
// another. Only the order's own customer is shown it (their order page and their contact page).

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const signature = (orderId: number, userId: number) => createHmac("sha256", config().sessionSecret).update(`order-help!${orderId}!${userId}`).digest("base64url");

/** The token of `order`'s help link. */
export function orderHelpToken(order: { id: number; userId: number }): string {
  return signature(order.id, order.userId);
}

/** The path of `order`'s help link: its contact form, usable signed out. */
export function orderHelpPath(order: { id: number; userId: number }): string {
  return `/help/contact?order=${order.id}&token=${orderHelpToken(order)}`;
}

/** Whether `token` is `order`'s (compared in constant time). */
export function isOrderHelpToken(order: { id: number; userId: number }, token: string): boolean {
  if (!TOKEN.test(token)) return false;
  const given = Buffer.from(token, "base64url");
  const expected = Buffer.from(signature(order.id, order.userId), "base64url");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type HelpOrder = { id: number; userId: number; restaurantName: string; placedAt: string };

/** The placed order `token` opens, or null (no such order, one still at checkout, or another's token: the same null). */
export async function orderByHelpToken(orderId: number, token: string): Promise<HelpOrder | null> {
  if (!TOKEN.test(token)) return null;
  const order = await db.order.findUnique({
    where: { id: orderId },
    select: { id: true, userId: true, submittedAt: true, restaurantName: true, restaurant: { select: { name: true } } },
  });
  if (!order?.submittedAt || !isOrderHelpToken(order, token)) return null;
  return { id: order.id, userId: order.userId, restaurantName: order.restaurant?.name ?? order.restaurantName, placedAt: order.submittedAt.toISOString() };
}
