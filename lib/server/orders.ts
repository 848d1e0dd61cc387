import "server-only";
import { arrivalWindow, type ArrivalWindow } from "@/lib/arrival";
import type { OrderJson } from "@/lib/contract/schemas";
import type { Prisma } from "@/lib/generated/prisma/client";
import { centsToDollars } from "@/lib/money";
import { subtotalOf } from "@/lib/pricing";
import type { Paging } from "@/lib/validation/browse";
import type { CreateOrderInput } from "@/lib/validation/orders";
import { db, type Tx } from "./db";
import { ApiError, badRequest, notFound } from "./errors";
import type { SessionUser } from "./session";

export const orderInclude = {
  orderItems: { orderBy: { id: "asc" }, include: { menuItem: { select: { priceCents: true } } } },
  review: { select: { id: true, orderRating: true } },
  restaurant: { select: { ownerId: true, servicing: true } },
} satisfies Prisma.OrderInclude;
export type OrderRow = Prisma.OrderGetPayload<{ include: typeof orderInclude }>;

/**
 * An order's JSON. Each line keeps what was ordered (`price`, the price when the order was
 * created) and, while the order is Active, what submitting it would do today (issue 15 item 13):
 * `currentPrice` is the dish's price on today's menu (submit charges that), and `unavailable`
 * says the dish was removed or its restaurant takes no orders (submit refuses the order until
 * the line is removed). A placed order's lines are history: `currentPrice` equals `price` and
 * `unavailable` is false. `fromOwnRestaurant`: the customer owns the restaurant (no review).
 */
export function orderToJson(order: OrderRow): OrderJson {
  const active = order.status === "Active";
  const restaurantOpen = Boolean(order.restaurant?.servicing);
  return {
    id: order.id,
    status: order.status,
    totalCost: centsToDollars(order.totalCents),
    subtotal: centsToDollars(order.subtotalCents),
    deliveryFee: centsToDollars(order.deliveryFeeCents),
    priorityFee: centsToDollars(order.priorityFeeCents),
    serviceFee: centsToDollars(order.serviceFeeCents),
    tip: centsToDollars(order.tipCents),
    deliveryOption: order.deliveryOption,
    scheduledFor: order.scheduledFor?.toISOString() ?? null,
    paymentMethod: order.paymentMethod,
    createdAt: order.createdAt.toISOString(),
    restaurantId: order.restaurantId,
    restaurant: { id: order.restaurantId, name: order.restaurantName, storeImage: order.restaurantImage },
    fromOwnRestaurant: order.restaurant !== null && order.restaurant.ownerId === order.userId,
    orderItems: order.orderItems.map((line) => ({
      id: line.id,
      menu_item_id: line.menuItemId,
      menu_item_name: line.name,
      name: line.name,
      quantity: line.quantity,
      price: centsToDollars(line.priceCents),
      currentPrice: centsToDollars(active && line.menuItem ? line.menuItem.priceCents : line.priceCents),
      unavailable: active && (!line.menuItem || !restaurantOpen),
      restaurant_id: line.restaurantId,
      customizations: line.customizations,
    })),
    review: order.review ? { id: order.review.id, orderRating: order.review.orderRating } : null,
  };
}
export type { OrderJson };

/**
 * Creates an Active order from menu item ids and quantities. Prices, names and the
 * restaurant come from the database, never the client; every item must belong to the
 * restaurant, which must be taking orders. The same item twice counts once, quantities added.
 */
export async function createOrder(tx: Tx, user: SessionUser, input: CreateOrderInput): Promise<OrderRow> {
  const quantities = new Map<number, number>();
  for (const line of input.items) quantities.set(line.menuItemId, (quantities.get(line.menuItemId) ?? 0) + line.quantity);
  for (const [menuItemId, quantity] of quantities) {
    if (quantity > 99) throw badRequest(`Menu item ${menuItemId}: quantity must be a whole number from 1 to 99`, { items: "quantity must be a whole number from 1 to 99" });
  }
  const restaurant = await tx.restaurant.findUnique({ where: { id: input.restaurantId } });
  if (!restaurant) throw notFound("Restaurant");
  if (!restaurant.servicing) throw new ApiError("conflict", "This restaurant is not taking orders right now");
  const items = await tx.menuItem.findMany({ where: { id: { in: [...quantities.keys()] }, restaurantId: restaurant.id } });
  const missing = [...quantities.keys()].filter((id) => !items.some((item) => item.id === id));
  if (missing.length) {
    const message = `Menu item ${missing.join(", ")} is not on this restaurant's menu`;
    throw badRequest(message, { items: message });
  }
  const lines = items.map((item) => ({
    menuItemId: item.id,
    name: item.name,
    priceCents: item.priceCents,
    restaurantId: restaurant.id,
    quantity: quantities.get(item.id)!,
  }));
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
  return { ...order, orderItems, review: null, restaurant: { ownerId: restaurant.ownerId, servicing: restaurant.servicing } };
}

/** The user's own order; anyone else's looks exactly like a missing one. */
export async function getOwnOrder(user: SessionUser, id: number): Promise<OrderRow> {
  const order = await db.order.findFirst({ where: { id, userId: user.id }, include: orderInclude });
  if (!order) throw notFound("Order");
  return order;
}

export type OrderDetail = { order: OrderJson; submittedAt: string | null; arrival: ArrivalWindow | null };

/**
 * What the order's own page shows (/orders/{id}): the order and its expected arrival. Null for
 * an unknown id and for anyone else's order, so the page answers both with the same 404.
 */
export async function findOwnOrderDetail(user: SessionUser, id: number): Promise<OrderDetail | null> {
  const order = await db.order.findFirst({ where: { id, userId: user.id }, include: orderInclude });
  if (!order) return null;
  return { order: orderToJson(order), submittedAt: order.submittedAt?.toISOString() ?? null, arrival: arrivalWindow(order) };
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
