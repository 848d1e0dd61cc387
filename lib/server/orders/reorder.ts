import "server-only";
import { db } from "../db";
import { conflict, notFound } from "../errors";
import type { SessionUser } from "../session";
import { createOrder } from "./create";
import type { OrderRow } from "./include";

/** What changed between a past order and the menu today, for "Reorder". */
export type ReorderChanges = { unavailable: string[]; repriced: { name: string; was: number; now: number }[] };

/**
 * A new Active order from a past order's lines that can still be bought, at today's prices,
 * and what changed. Nothing left to buy is a 409.
 */
export async function reorder(user: SessionUser, orderId: number): Promise<{ order: OrderRow; changes: ReorderChanges }> {
  return db.$transaction(async (tx) => {
    const past = await tx.order.findFirst({ where: { id: orderId, userId: user.id }, include: { orderItems: { include: { menuItem: true } } } });
    if (!past) throw notFound("Order");
    const changes: ReorderChanges = { unavailable: [], repriced: [] };
    const items: { menuItemId: number; quantity: number }[] = [];
    for (const line of past.orderItems) {
      if (!line.menuItem || line.menuItem.restaurantId !== past.restaurantId) {
        changes.unavailable.push(line.name);
        continue;
      }
      if (line.menuItem.priceCents !== line.priceCents) {
        changes.repriced.push({ name: line.menuItem.name, was: line.priceCents, now: line.menuItem.priceCents });
      }
      items.push({ menuItemId: line.menuItem.id, quantity: line.quantity });
    }
    if (!past.restaurantId || !items.length) throw conflict("Nothing from this order can be ordered again", { items: "unavailable" });
    return { order: await createOrder(tx, user, { restaurantId: past.restaurantId, items }), changes };
  });
}
