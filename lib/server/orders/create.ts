import "server-only";
import { subtotalOf } from "@/lib/shared/money/pricing";
import { DEFAULT_CURRENCY } from "@/lib/shared/money/currency";
import type { CreateOrderInput } from "@/lib/contract/orders/rules";
import { badRequest, conflict, notFound } from "../platform/errors";
import type { SessionUser } from "../platform/session-user";
import { insertReturningIds, type Sql } from "../platform/sql";
import type { OrderRow } from "./include";
import { priceRequestLines, type PricedDish, type PricedLine } from "./lines";
import type { Order, OrderItem, OrderItemOption } from "@/lib/generated/prisma/client";
import type { placement } from "./placement";
import { readCart, type CartRestaurant } from "./cart";
import { said } from "@/lib/shared/words/said";
import { copyColumns } from "../addresses/order-copy";

export { readCart, type CartRestaurant };

export const NOT_TAKING_ORDERS = said("messages.notTakingOrders");
/** A restaurant suspended by an operator (docs/architecture/operator.md): its open orders go on. */
export const SUSPENDED_RESTAURANT = said("messages.suspendedRestaurant");

/** A restaurant deactivated, suspended (or deleted) takes no new orders and no submits: 409. */
export function assertTakingOrders(restaurant: { servicing: boolean; suspendedAt?: Date | string | number | null } | null): void {
  if (restaurant?.suspendedAt) throw conflict(SUSPENDED_RESTAURANT);
  if (!restaurant?.servicing) throw conflict(NOT_TAKING_ORDERS);
}

/**
 * Creates an Active order from menu item ids, quantities and choices. Prices, names and the
 * restaurant come from the database, never the client; every item must belong to the
 * restaurant, which must be taking orders, and every line's choices must fit its dish
 * (lines.ts). The same dish with the same choices twice counts once, quantities added; with
 * different choices it is two lines.
 */
export async function createOrder(sql: Sql, user: SessionUser, input: CreateOrderInput, now = new Date()): Promise<OrderRow> {
  const { restaurant, dishes, lines } = await priceCart(sql, input, now);
  return insertOrder(sql, user, restaurant, dishes, lines);
}

/**
 * The cart checked and priced: the restaurant with the cart's dishes in one read (a missing
 * restaurant is a 404, one not taking orders a 409, a dish not on its menu a 400 naming it), and
 * the lines priced from them (lines.ts), in the order the customer sent them (the read's order is
 * the database's).
 */
export async function priceCart(
  sql: Sql,
  input: CreateOrderInput,
  now: Date,
  windowAt = now,
): Promise<{ restaurant: CartRestaurant; dishes: PricedDish[]; lines: PricedLine[] }> {
  const ids = [...new Set(input.items.map((line) => line.menuItemId))];
  const found = await readCart(sql, input.restaurantId, ids);
  if (!found) throw notFound(said("messages.restaurantNotFound"));
  assertTakingOrders(found.restaurant);
  const { restaurant, dishes } = found;
  const byId = new Map(dishes.map((dish) => [dish.id, dish]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) {
    const message = said("rules.handlers.notOnMenu", { id: missing.join(", ") });
    throw badRequest(message, { items: message });
  }
  return { restaurant, dishes, lines: priceRequestLines(byId, input.items, now, windowAt) };
}

/** An order's columns as placed (placement.ts), with its stage. */
export type PlacedColumns = ReturnType<typeof placement> & { stage: "placed" };

/** A priced line of a group order names who added it (OrderItem.addedBy). */
export type OrderLineToInsert = PricedLine & { addedBy?: string | null };

/**
 * Writes an Active order of lines already checked and priced (lines.ts) against `dishes`: the
 * one place order rows are written, for a customer's cart (createOrder) and a group order's
 * checkout (lib/server/group-orders/group-checkout.ts, which names the host in `groupHostName`).
 */
export async function insertOrder(
  sql: Sql,
  user: SessionUser,
  restaurant: CartRestaurant,
  dishes: PricedDish[],
  lines: OrderLineToInsert[],
  extra: { groupHostName?: string; placed?: PlacedColumns } = {},
): Promise<OrderRow> {
  const byId = new Map(dishes.map((dish) => [dish.id, dish]));
  const subtotalCents = subtotalOf(lines);
  // Every column written (what Prisma's defaults and @updatedAt would give the others) and only
  // the new ids read back: the rows returned are these objects, typed as Prisma's, so a column
  // added to the schema is a type error here until it is given a value. Checkout is the hottest
  // write path (`npm run bench`): one INSERT for the order, one for all its lines, and one for
  // the lines' choices when there are any.
  const createdAt = new Date();
  const columns: Omit<Order, "id"> = {
    userId: user.id,
    restaurantId: restaurant.id,
    restaurantName: restaurant.name,
    restaurantImage: restaurant.storeImage,
    subtotalCents,
    currency: restaurant.currency ?? DEFAULT_CURRENCY,
    deliveryFeeCents: 0,
    priorityFeeCents: 0,
    serviceFeeCents: 0,
    tipCents: 0,
    totalCents: subtotalCents,
    deliveryOption: null,
    scheduledFor: null,
    paymentMethod: null,
    createdAt,
    updatedAt: createdAt,
    submittedAt: null,
    closedAt: null,
    stage: null,
    prepMinutes: null,
    prepAddedMinutes: 0,
    acceptedAt: null,
    estimatedReadyAt: null,
    promisedArrivalBy: null,
    promisedMinMinutes: null,
    promisedMaxMinutes: null,
    actualMinutes: null,
    rejectionReason: null,
    rejectionKey: null,
    rejectionValues: null,
    groupHostName: extra.groupHostName ?? null,
    pickup: false,
    discountCents: 0,
    promotionId: null,
    dropoff: "hand_to_me",
    dropoffPhoto: null,
    disputeStatus: null,
    taxCents: 0,
    taxRateMilliPercent: null,
    taxesFees: false,
    taxJurisdiction: null,
    // Where it goes: copied when placed (lib/server/addresses/order-copy.ts).
    ...copyColumns(null),
    deliveryAddressId: null,
    bags: null,
    bagsConfirmed: null,
    smallOrderFeeCents: 0,
    deliveryWaivedCents: 0,
    deliveryKm: null,
    // The platform's part of the discount: written by its offer's redemption (promotions/apply.ts redeem).
    platformFundedCents: 0,
    // A phone order (phone-order.ts) marks itself after placement, and whether its staff deliver it.
    phoneOrder: false,
    customerPhone: null,
    staffDelivery: false,
    // The one-call checkout (checkout.ts) writes the order already submitted.
    ...extra.placed,
  };
  const [orderId] = await insertReturningIds(sql, "Order", [columns]);
  const order: Order = { id: orderId!, ...columns };
  const lineColumns = lines.map(({ options: _options, ...line }): Omit<OrderItem, "id"> => ({
    orderId: order.id,
    menuItemId: line.menuItemId,
    name: line.name,
    priceCents: line.priceCents,
    restaurantId: restaurant.id,
    quantity: line.quantity,
    customizations: null,
    instructions: line.instructions,
    addedBy: line.addedBy ?? null,
    packedAt: null,
    packedBy: null,
    packedById: null,
  }));
  const lineIds = await insertReturningIds(sql, "OrderItem", lineColumns);
  const rows: OrderItem[] = lineColumns.map((line, index) => ({ id: lineIds[index]!, ...line }));
  const choices = rows.flatMap((row, index) =>
    lines[index]!.options.map((option): Omit<OrderItemOption, "id"> => ({
      orderItemId: row.id,
      optionId: option.optionId,
      groupName: option.groupName,
      name: option.name,
      priceDeltaCents: option.priceDeltaCents,
      position: option.position,
    })),
  );
  const choiceIds = await insertReturningIds(sql, "OrderItemOption", choices);
  const copies: OrderItemOption[] = choices.map((choice, index) => ({ id: choiceIds[index]!, ...choice }));
  const today = new Map(dishes.flatMap((dish) => dish.optionGroups.flatMap((group) => group.options.map((option) => [option.id, option] as const))));
  const orderItems = rows.map((row) => ({
    ...row,
    menuItem: {
      priceCents: byId.get(row.menuItemId!)!.priceCents,
      soldOutUntil: byId.get(row.menuItemId!)!.soldOutUntil,
      allergens: byId.get(row.menuItemId!)!.allergens,
      dietLabels: byId.get(row.menuItemId!)!.dietLabels,
    },
    options: copies
      .filter((copy) => copy.orderItemId === row.id)
      .sort((a, b) => a.position - b.position)
      .map((copy) => {
        const now = today.get(copy.optionId!);
        return {
          ...copy,
          option: { priceDeltaCents: copy.priceDeltaCents, soldOutOn: now?.soldOutOn ?? null, allergens: now?.allergens ?? 0, removesLabels: now?.removesLabels ?? 0 },
        };
      }),
  }));
  return {
    ...order,
    orderItems,
    review: null,
    promotion: null,
    events: [],
    restaurant: {
      ownerId: restaurant.ownerId,
      servicing: restaurant.servicing,
      deliveryTime: restaurant.deliveryTime,
      timeZone: restaurant.timeZone,
      busyExtraMinutes: restaurant.busyExtraMinutes ?? 0,
      busyUntil: restaurant.busyUntil ?? null,
    },
  };
}
