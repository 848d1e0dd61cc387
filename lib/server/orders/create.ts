import "server-only";
import { subtotalOf } from "@/lib/shared/pricing";
import type { CreateOrderInput } from "@/lib/validation/orders";
import type { Tx } from "../db";
import { badRequest, conflict, notFound } from "../errors";
import type { SessionUser } from "../session";
import type { OrderRow } from "./include";
import { priceRequestLines, pricedDishSelect, type PricedDish, type PricedLine } from "./lines";
import type { Restaurant } from "@/lib/generated/prisma/client";
import type { placement } from "./submit";

export const NOT_TAKING_ORDERS = "This restaurant is not taking orders right now";

/** A restaurant deactivated (or deleted) takes no new orders and no submits: 409. */
export function assertTakingOrders(restaurant: { servicing: boolean } | null): void {
  if (!restaurant?.servicing) throw conflict(NOT_TAKING_ORDERS);
}

/**
 * Creates an Active order from menu item ids, quantities and choices. Prices, names and the
 * restaurant come from the database, never the client; every item must belong to the
 * restaurant, which must be taking orders, and every line's choices must fit its dish
 * (lines.ts). The same dish with the same choices twice counts once, quantities added; with
 * different choices it is two lines.
 */
export async function createOrder(tx: Tx, user: SessionUser, input: CreateOrderInput, now = new Date()): Promise<OrderRow> {
  const { restaurant, dishes, lines } = await priceCart(tx, input, now);
  return insertOrder(tx, user, restaurant, dishes, lines);
}

/**
 * The cart checked and priced: the restaurant with the cart's dishes in one read (a missing
 * restaurant is a 404, one not taking orders a 409, a dish not on its menu a 400 naming it), and
 * the lines priced from them (lines.ts), in the order the customer sent them (findMany's order is
 * the database's).
 */
export async function priceCart(tx: Tx, input: CreateOrderInput, now: Date): Promise<{ restaurant: Restaurant; dishes: PricedDish[]; lines: PricedLine[] }> {
  const ids = [...new Set(input.items.map((line) => line.menuItemId))];
  const found = await tx.restaurant.findUnique({ where: { id: input.restaurantId }, include: { menuItems: { where: { id: { in: ids } }, select: pricedDishSelect } } });
  if (!found) throw notFound("Restaurant");
  assertTakingOrders(found);
  const { menuItems: dishes, ...restaurant } = found;
  const byId = new Map(dishes.map((dish) => [dish.id, dish]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) {
    const message = `Menu item ${missing.join(", ")} is not on this restaurant's menu`;
    throw badRequest(message, { items: message });
  }
  return { restaurant, dishes, lines: priceRequestLines(byId, input.items, now) };
}

/** An order's columns as submitted (submit.ts placement()), with its stage and status. */
export type PlacedColumns = ReturnType<typeof placement> & { stage: "placed"; status: string };

/** A priced line of a group order names who added it (OrderItem.addedBy). */
export type OrderLineToInsert = PricedLine & { addedBy?: string | null };

/**
 * Writes an Active order of lines already checked and priced (lines.ts) against `dishes`: the
 * one place order rows are written, for a customer's cart (createOrder) and a group order's
 * checkout (lib/server/group-orders/checkout.ts, which names the host in `groupHostName`).
 */
export async function insertOrder(
  tx: Tx,
  user: SessionUser,
  restaurant: Restaurant,
  dishes: PricedDish[],
  lines: OrderLineToInsert[],
  extra: { groupHostName?: string; placed?: PlacedColumns } = {},
): Promise<OrderRow> {
  const byId = new Map(dishes.map((dish) => [dish.id, dish]));
  const subtotalCents = subtotalOf(lines);
  // INSERT ... RETURNING statements rather than a nested create with `include`, which reads the
  // order, its lines and its (necessarily absent) review back: checkout is the hottest write
  // path (`npm run bench`). The choices are one more statement, only when a line has some.
  const order = await tx.order.create({
    data: {
      userId: user.id,
      restaurantId: restaurant.id,
      restaurantName: restaurant.name,
      restaurantImage: restaurant.storeImage,
      status: "Active",
      subtotalCents,
      totalCents: subtotalCents,
      groupHostName: extra.groupHostName ?? null,
      // The one-call checkout (checkout.ts) writes the order already submitted.
      ...extra.placed,
    },
  });
  const created = await tx.orderItem.createManyAndReturn({
    data: lines.map(({ options: _options, ...line }) => ({ ...line, restaurantId: restaurant.id, orderId: order.id })),
  });
  const rows = created.sort((a, b) => a.id - b.id);
  const choices = rows.flatMap((row, index) => lines[index]!.options.map((option) => ({ ...option, orderItemId: row.id })));
  const copies = choices.length ? (await tx.orderItemOption.createManyAndReturn({ data: choices })).sort((a, b) => a.id - b.id) : [];
  const today = new Map(dishes.flatMap((dish) => dish.optionGroups.flatMap((group) => group.options.map((option) => [option.id, option] as const))));
  const orderItems = rows.map((row) => ({
    ...row,
    menuItem: { priceCents: byId.get(row.menuItemId!)!.priceCents },
    options: copies
      .filter((copy) => copy.orderItemId === row.id)
      .map((copy) => ({ ...copy, option: { priceDeltaCents: copy.priceDeltaCents, soldOutOn: today.get(copy.optionId!)?.soldOutOn ?? null } })),
  }));
  return {
    ...order,
    orderItems,
    review: null,
    events: [],
    restaurant: { ownerId: restaurant.ownerId, servicing: restaurant.servicing, deliveryTime: restaurant.deliveryTime },
  };
}
