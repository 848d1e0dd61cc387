import "server-only";
import { subtotalOf } from "@/lib/shared/pricing";
import type { CreateOrderInput } from "@/lib/validation/orders";
import { badRequest, conflict, notFound } from "../platform/errors";
import type { SessionUser } from "../web/session";
import { dateOf, insertReturningIds, placeholders, type Sql } from "../platform/sql";
import type { OrderRow } from "./include";
import { priceRequestLines, type PricedDish, type PricedLine } from "./lines";
import type { Order, OrderItem, OrderItemOption, Restaurant } from "@/lib/generated/prisma/client";
import type { placement } from "./placement";

export const NOT_TAKING_ORDERS = "This restaurant is not taking orders right now";
/** A restaurant suspended by an operator (docs/architecture/operator.md): its open orders go on. */
export const SUSPENDED_RESTAURANT = "This restaurant has been suspended by Nosh and is not taking orders";

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

/** What an order needs of its restaurant: insertOrder's copies and answer, placement()'s hours. */
export type CartRestaurant = Pick<
  Restaurant,
  | "id"
  | "name"
  | "storeImage"
  | "ownerId"
  | "servicing"
  | "deliveryTime"
  | "closingTime"
  | "timeZone"
  | "hours"
  | "closures"
  | "lat"
  | "lng"
  | "deliveryRadiusKm"
  | "pausedUntil"
> & {
  /** Whether it has an automatic offer (readCart reads it in its one statement): false spares a checkout without a code the promotions' read. */
  automaticOffers?: boolean;
  /** Set while an operator has it suspended (the refusal's message says so). */
  suspendedAt?: Date | string | number | null;
  /** The kitchen's busy minutes and until when (the placed order's estimate counts them: lib/shared/delivery-estimate.ts). */
  busyExtraMinutes?: number;
  busyUntil?: Date | null;
};

/**
 * The cart checked and priced: the restaurant with the cart's dishes in one read (a missing
 * restaurant is a 404, one not taking orders a 409, a dish not on its menu a 400 naming it), and
 * the lines priced from them (lines.ts), in the order the customer sent them (the read's order is
 * the database's).
 */
export async function priceCart(sql: Sql, input: CreateOrderInput, now: Date): Promise<{ restaurant: CartRestaurant; dishes: PricedDish[]; lines: PricedLine[] }> {
  const ids = [...new Set(input.items.map((line) => line.menuItemId))];
  const found = await readCart(sql, input.restaurantId, ids);
  if (!found) throw notFound("Restaurant");
  assertTakingOrders(found.restaurant);
  const { restaurant, dishes } = found;
  const byId = new Map(dishes.map((dish) => [dish.id, dish]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) {
    const message = `Menu item ${missing.join(", ")} is not on this restaurant's menu`;
    throw badRequest(message, { items: message });
  }
  return { restaurant, dishes, lines: priceRequestLines(byId, input.items, now) };
}

/** One row of readCart's join: the restaurant, then a dish, a group and an option of it (each null when absent). */
type CartRow = {
  rId: number;
  rName: string;
  storeImage: string;
  ownerId: number;
  servicing: boolean | number;
  suspendedAt: Date | string | number | null;
  deliveryTime: number;
  busyExtraMinutes: number | bigint;
  busyUntil: Date | string | number | null;
  closingTime: string;
  timeZone: string;
  hours: string;
  closures: string;
  lat: number | null;
  lng: number | null;
  deliveryRadiusKm: number;
  pausedUntil: Date | string | null;
  offers: boolean | number;
  mId: number | null;
  mName: string | null;
  priceCents: number | null;
  allowsInstructions: boolean | number | null;
  soldOutUntil: Date | string | null;
  gId: number | null;
  gName: string | null;
  minChoices: number | null;
  maxChoices: number | null;
  oId: number | null;
  oName: string | null;
  priceDeltaCents: number | null;
  soldOutOn: string | null;
};

/**
 * The restaurant and those of `dishIds` on its menu, each with its option groups and their options
 * in display order (what `pricedDishSelect` reads), in ONE statement: a join of the four tables,
 * one row per option (a dish without groups, a group without options: one row with nulls). Prisma's
 * include would send four (one per relation level), and the checkout is the hottest write path
 * (docs/log/performance.md). Plain joins and double-quoted identifiers read the same on SQLite and
 * PostgreSQL, so one statement serves both; booleans are 0/1 on SQLite. Null: no such restaurant.
 */
export async function readCart(sql: Sql, restaurantId: number, dishIds: number[]): Promise<{ restaurant: CartRestaurant; dishes: PricedDish[] } | null> {
  const ids = dishIds.length ? dishIds : [0];
  const rows = await sql.all<CartRow>(
    `SELECT r."id" AS "rId", r."name" AS "rName", r."storeImage", r."ownerId", r."servicing", r."suspendedAt", r."deliveryTime", r."busyExtraMinutes", r."busyUntil", r."closingTime", r."timeZone", r."hours", r."closures", r."lat", r."lng", r."deliveryRadiusKm", r."pausedUntil",
            EXISTS (SELECT 1 FROM "Promotion" p WHERE p."restaurantId" = r."id" AND p."deletedAt" IS NULL AND p."code" IS NULL) AS "offers",
            m."id" AS "mId", m."name" AS "mName", m."priceCents", m."allowsInstructions", m."soldOutUntil",
            g."id" AS "gId", g."name" AS "gName", g."minChoices", g."maxChoices",
            o."id" AS "oId", o."name" AS "oName", o."priceDeltaCents", o."soldOutOn"
     FROM "Restaurant" r
     LEFT JOIN "MenuItem" m ON m."restaurantId" = r."id" AND m."id" IN ${placeholders(ids.length)}
     LEFT JOIN "OptionGroup" g ON g."menuItemId" = m."id"
     LEFT JOIN "MenuOption" o ON o."groupId" = g."id"
     WHERE r."id" = ?
     ORDER BY m."id", g."position", g."id", o."position", o."id"`,
    [...ids, restaurantId],
  );
  const [first] = rows;
  if (!first) return null;
  const restaurant: CartRestaurant = {
    id: Number(first.rId),
    name: first.rName,
    storeImage: first.storeImage,
    ownerId: Number(first.ownerId),
    servicing: Boolean(first.servicing),
    suspendedAt: first.suspendedAt,
    deliveryTime: Number(first.deliveryTime),
    busyExtraMinutes: Number(first.busyExtraMinutes),
    busyUntil: first.busyUntil === null ? null : dateOf(first.busyUntil),
    closingTime: first.closingTime,
    timeZone: first.timeZone,
    hours: first.hours,
    closures: first.closures,
    lat: first.lat === null ? null : Number(first.lat),
    lng: first.lng === null ? null : Number(first.lng),
    deliveryRadiusKm: Number(first.deliveryRadiusKm),
    pausedUntil: first.pausedUntil === null ? null : dateOf(first.pausedUntil),
    automaticOffers: Boolean(first.offers),
  };
  const dishes: PricedDish[] = [];
  for (const row of rows) {
    if (row.mId === null) continue;
    let dish = dishes.at(-1);
    if (dish?.id !== Number(row.mId)) {
      dish = {
        id: Number(row.mId),
        name: row.mName!,
        priceCents: Number(row.priceCents),
        restaurantId: restaurant.id,
        allowsInstructions: Boolean(row.allowsInstructions),
        soldOutUntil: row.soldOutUntil === null ? null : dateOf(row.soldOutUntil),
        optionGroups: [],
      };
      dishes.push(dish);
    }
    if (row.gId === null) continue;
    let group = dish.optionGroups.at(-1);
    if (group?.id !== Number(row.gId)) {
      group = { id: Number(row.gId), name: row.gName!, minChoices: Number(row.minChoices), maxChoices: Number(row.maxChoices), options: [] };
      dish.optionGroups.push(group);
    }
    if (row.oId === null) continue;
    group.options.push({ id: Number(row.oId), name: row.oName!, priceDeltaCents: Number(row.priceDeltaCents), soldOutOn: row.soldOutOn });
  }
  return { restaurant, dishes };
}

/** An order's columns as placed (placement.ts), with its stage. */
export type PlacedColumns = ReturnType<typeof placement> & { stage: "placed" };

/** A priced line of a group order names who added it (OrderItem.addedBy). */
export type OrderLineToInsert = PricedLine & { addedBy?: string | null };

/**
 * Writes an Active order of lines already checked and priced (lines.ts) against `dishes`: the
 * one place order rows are written, for a customer's cart (createOrder) and a group order's
 * checkout (lib/server/group-orders/checkout.ts, which names the host in `groupHostName`).
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
    acceptedAt: null,
    estimatedReadyAt: null,
    promisedArrivalBy: null,
    rejectionReason: null,
    groupHostName: extra.groupHostName ?? null,
    pickup: false,
    discountCents: 0,
    promotionId: null,
    dropoff: "hand_to_me",
    dropoffPhoto: null,
    taxCents: 0,
    taxRateMilliPercent: null,
    taxesFees: false,
    taxJurisdiction: null,
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
    menuItem: { priceCents: byId.get(row.menuItemId!)!.priceCents, soldOutUntil: byId.get(row.menuItemId!)!.soldOutUntil },
    options: copies
      .filter((copy) => copy.orderItemId === row.id)
      .sort((a, b) => a.position - b.position)
      .map((copy) => ({ ...copy, option: { priceDeltaCents: copy.priceDeltaCents, soldOutOn: today.get(copy.optionId!)?.soldOutOn ?? null } })),
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
