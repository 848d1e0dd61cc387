import "server-only";
import { subtotalOf } from "@/lib/shared/pricing";
import type { CreateOrderInput } from "@/lib/validation/orders";
import type { Tx } from "../db";
import { badRequest, conflict, notFound } from "../errors";
import type { SessionUser } from "../session";
import type { OrderRow } from "./include";

export const NOT_TAKING_ORDERS = "This restaurant is not taking orders right now";

/** A restaurant deactivated (or deleted) takes no new orders and no submits: 409. */
export function assertTakingOrders(restaurant: { servicing: boolean } | null): void {
  if (!restaurant?.servicing) throw conflict(NOT_TAKING_ORDERS);
}

/**
 * Creates an Active order from menu item ids and quantities. Prices, names and the
 * restaurant come from the database, never the client; every item must belong to the
 * restaurant, which must be taking orders. The same item twice counts once, quantities added.
 */
export async function createOrder(tx: Tx, user: SessionUser, input: CreateOrderInput): Promise<OrderRow> {
  const quantities = new Map<number, number>();
  for (const line of input.items) quantities.set(line.menuItemId, (quantities.get(line.menuItemId) ?? 0) + line.quantity);
  for (const [menuItemId, quantity] of quantities) {
    if (quantity > 99)
      throw badRequest(`Menu item ${menuItemId}: quantity must be a whole number from 1 to 99`, { items: "quantity must be a whole number from 1 to 99" });
  }
  const restaurant = await tx.restaurant.findUnique({ where: { id: input.restaurantId } });
  if (!restaurant) throw notFound("Restaurant");
  assertTakingOrders(restaurant);
  const items = await tx.menuItem.findMany({ where: { id: { in: [...quantities.keys()] }, restaurantId: restaurant.id } });
  const byId = new Map(items.map((item) => [item.id, item]));
  const missing = [...quantities.keys()].filter((id) => !byId.has(id));
  if (missing.length) {
    const message = `Menu item ${missing.join(", ")} is not on this restaurant's menu`;
    throw badRequest(message, { items: message });
  }
  // The lines keep the order the customer sent them in (findMany's order is the database's).
  const lines = [...quantities].map(([menuItemId, quantity]) => {
    const item = byId.get(menuItemId)!;
    return { menuItemId, name: item.name, priceCents: item.priceCents, restaurantId: restaurant.id, quantity };
  });
  const subtotalCents = subtotalOf(lines);
  // Two statements, both INSERT ... RETURNING, rather than a nested create with `include`,
  // which reads the order, its lines and its (necessarily absent) review back: checkout is
  // the hottest write path (`npm run bench`).
  const order = await tx.order.create({
    data: {
      userId: user.id,
      restaurantId: restaurant.id,
      restaurantName: restaurant.name,
      restaurantImage: restaurant.storeImage,
      status: "Active",
      subtotalCents,
      totalCents: subtotalCents,
    },
  });
  const created = await tx.orderItem.createManyAndReturn({ data: lines.map((line) => ({ ...line, orderId: order.id })) });
  const orderItems = created.sort((a, b) => a.id - b.id).map((line) => ({ ...line, menuItem: { priceCents: line.priceCents } }));
  return {
    ...order,
    orderItems,
    review: null,
    events: [],
    restaurant: { ownerId: restaurant.ownerId, servicing: restaurant.servicing, deliveryTime: restaurant.deliveryTime },
  };
}
