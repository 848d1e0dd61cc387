import "server-only";
import type { CreateOrderInput } from "@/lib/contract/orders/rules";
import type { SessionUser } from "../platform/session-user";
import { prismaOf, type PrismaSql } from "../platform/sql";
import { insertOrder, priceCart } from "./create";
import { orderInclude, type OrderRow } from "./include";
import type { PricedLine } from "./lines";
import { holdCartKey, pointCartKey } from "./queries/cart";
import { whereStatus } from "./status";

// One cart, one Active order at checkout (docs/architecture/cart-checkout-reviews.md "One cart,
// one order"). The browser's cart identity (lib/client/cart-id.ts), or a reorder's (`reorder-{id}`,
// reorder.ts), names the Active order made for it (IdempotencyKey, scope below: the row names the order). Opening checkout again for the
// same lines answers that order; other lines replace it (the old Active order is deleted, never a
// placed one). Leaving checkout deletes its order too, but from a page going away (pagehide, a
// reload) that request can be lost: this guard is what keeps a second "at checkout" order away.

const SCOPE = "orders.checkout-cart";

/** A line as the comparison reads it: the dish, how many, its unit price, its choices and its note. */
const lineSignature = (line: {
  menuItemId: number | null;
  quantity: number;
  priceCents: number;
  instructions: string | null;
  options: { optionId: number | null; position: number }[];
}) =>
  [
    line.menuItemId,
    line.quantity,
    line.priceCents,
    [...line.options]
      .sort((a, b) => a.position - b.position)
      .map((option) => option.optionId)
      .join(","),
    line.instructions ?? "",
  ].join("|");

const signatureOf = (lines: Parameters<typeof lineSignature>[0][]) => lines.map(lineSignature).sort().join("\n");

/** Whether the stored order has exactly these priced lines of this restaurant (today's prices: a repriced dish makes a new order). */
export function sameCart(order: OrderRow, restaurantId: number, lines: PricedLine[]): boolean {
  return order.restaurantId === restaurantId && signatureOf(order.orderItems) === signatureOf(lines);
}

/**
 * The Active order at checkout for the cart `cartId`: the one made for it before when it is still
 * Active with the same lines (`reused`), else a new one, replacing (deleting) the cart's previous
 * Active order. The lines are checked and priced first, as a create's (a restaurant that stopped
 * taking orders is refused even for the order made before). Two requests for one cart at once:
 * the second waits on the cart's row (holdCartKey) and answers the first's order.
 */
export async function orderForCart(
  sql: PrismaSql,
  user: SessionUser,
  input: CreateOrderInput,
  cartId: string,
  now = new Date(),
): Promise<{ order: OrderRow; reused: boolean }> {
  const tx = prismaOf(sql);
  const held = Number(await holdCartKey(sql, user.id, SCOPE, cartId, now));
  const { restaurant, dishes, lines } = await priceCart(sql, input, now);
  const previous = held ? await tx.order.findFirst({ where: { id: held, userId: user.id, ...whereStatus("Active") }, include: orderInclude }) : null;
  if (previous && sameCart(previous, restaurant.id, lines)) return { order: previous, reused: true };
  // Conditional on the Active status: an order placed meanwhile is never touched.
  if (previous) await tx.order.deleteMany({ where: { id: previous.id, userId: user.id, ...whereStatus("Active") } });
  const order = await insertOrder(sql, user, restaurant, dishes, lines);
  await pointCartKey(sql, user.id, SCOPE, cartId, order.id);
  return { order, reused: false };
}
