import "server-only";
import { statusOf } from "@/lib/shared/order-stages";
import { priceOrder, subtotalOf } from "@/lib/shared/pricing";
import { CHECKOUT_MESSAGES, type SubmitOrderInput } from "@/lib/validation/checkout";
import type { CreateOrderInput } from "@/lib/validation/orders";
import { ApiError, conflict, notFound } from "../platform/errors";
import { choosePromotion, redeem, type AppliedPromotion } from "../promotions/apply";
import { chargeOrder } from "../ledger/orders";
import type { SessionUser } from "../web/session";
import { prismaOf, type Sql } from "../platform/sql";
import { assertCardOrderRoom } from "./card-limit";
import { assertTakingOrders, insertOrder, priceCart, type CartRestaurant, type OrderLineToInsert } from "./create";
import { orderInclude, orderLineOptionsInclude, type OrderRow } from "./include";
import { priceStoredLines, pricedDishSelect, type PricedDish, type StoredLine } from "./lines";
import { assertNotOwnRestaurant } from "./own-restaurant";
import { assertWithinRadius, placement } from "./placement";
import { whereStatus } from "./status";
import { recordStage, transition } from "./transition";

/** Where the order placed comes from: the three ways a customer checks out. */
export type OrderSource =
  /** POST /api/orders with `submit`: the cart in the request, priced now, the order inserted already placed. */
  | { cart: CreateOrderInput }
  /** PUT /api/orders/{id}/submit: the customer's order at checkout (Active), its lines re-priced from today's menu. */
  | { activeOrderId: number }
  /** A group's checkout (lib/server/group-orders/checkout.ts): the group's lines, each naming who added it. */
  | { group: { restaurant: CartRestaurant; lines: (StoredLine & { addedBy: string })[]; hostName: string } };

const alreadyMessage = (status: string) => `This order was already ${status.toLowerCase()}`;

/**
 * Places an order: the one way an order reaches the restaurant, in the caller's ONE transaction
 * (`sql`: lib/server/platform/sql.ts, directly on SQLite's connection for the one-call checkout, or a
 * Prisma transaction; the Active order's submit reads and updates it with Prisma, so it needs one).
 * Whatever the source, the same steps in the same order:
 * 1. the lines priced from today's menu (a dish or choice gone since is a 409 naming it; a
 *    restaurant no longer taking orders a 409);
 * 2. placement(): the slot or the open-now check, fees, tax, tip, and the client's expectedTotal;
 *    then the delivery radius (assertWithinRadius: a delivery farther away is a 422 naming `address`);
 * 3. the card-order limit (card-limit.ts);
 * 4. the order written placed: inserted so (cart, group: no Active row to update) or moved from
 *    Active by transition(); either way its placed event is written by recordStage;
 * 5. for the wallet, exactly the total charged with its ledger row (a short wallet is a 400).
 * A refusal anywhere throws and the caller's transaction rolls everything back. Refusals name
 * the fields as the request sent them: under `submit.` for the one-call checkout.
 */
export async function placeOrder(sql: Sql, user: SessionUser, source: OrderSource, input: SubmitOrderInput, now = new Date()): Promise<OrderRow> {
  if ("activeOrderId" in source) return placeActiveOrder(sql, user, source.activeOrderId, input, now);
  const fields = "cart" in source ? "submit." : "";
  let restaurant: CartRestaurant;
  let dishes: PricedDish[] = [];
  let lines: OrderLineToInsert[];
  if ("cart" in source) {
    ({ restaurant, dishes, lines } = await priceCart(sql, source.cart, now));
  } else {
    restaurant = source.group.restaurant;
    assertTakingOrders(restaurant);
    const priced = priceStoredLines(source.group.lines, "lines", now);
    dishes = [...new Map(source.group.lines.map((line) => [line.dish!.id, line.dish!])).values()];
    lines = priced.map(({ line, priced }) => ({ ...priced, addedBy: line.addedBy }));
  }
  assertNotOwnRestaurant(user, restaurant);
  const subtotalCents = subtotalOf(lines);
  // A group's checkout takes no promotion (docs/architecture/promotions.md "Group orders").
  const promotion = "group" in source ? null : await promotionFor(sql, user, restaurant, subtotalCents, input, `${fields}promoCode`, now);
  const placed = named(fields, () => placement(restaurant, subtotalCents, input, now, promotion));
  assertWithinRadius(restaurant, user, input);
  await assertCardOrderRoom(sql, user, placed, `${fields}paymentMethod`);
  const order = await insertOrder(sql, user, restaurant, dishes, lines, {
    placed: { ...placed, stage: "placed" },
    groupHostName: "group" in source ? source.group.hostName : undefined,
  });
  await recordStage(sql, order, "placed", now);
  if (promotion) await redeem(sql, user, promotion, order.id, `${fields}promoCode`, now);
  order.promotion = promotion && promotionRowOf(promotion);
  await charge(sql, user, order.id, placed);
  return order;
}

/**
 * The promotion the order takes (promotions/apply.ts): the code in the submit body, else the
 * restaurant's best automatic offer; priced on the subtotal and the delivery fee before it.
 */
export function promotionFor(
  sql: Sql,
  user: SessionUser,
  restaurant: { id: number; name: string; timeZone: string; automaticOffers?: boolean },
  subtotalCents: number,
  input: SubmitOrderInput,
  field: string,
  now: Date,
): Promise<AppliedPromotion | null> {
  const { deliveryFeeCents } = priceOrder(subtotalCents, input.deliveryOption, { cents: 0 });
  return choosePromotion(sql, user, input.promoCode, { restaurant, subtotalCents, deliveryFeeCents, pickup: input.deliveryOption === "pickup", field }, now);
}

/** The order row's `promotion` (include.ts) for an order just placed with it. */
function promotionRowOf({ promotion }: AppliedPromotion): NonNullable<OrderRow["promotion"]> {
  const { id, code, kind, value, maxDiscountCents, minSubtotalCents, firstOrderOnly } = promotion;
  return { id, code, kind, value, maxDiscountCents, minSubtotalCents, firstOrderOnly };
}

/** The customer's Active order with its restaurant, its stored lines re-priced from today's menu (a line gone is a 409). */
export async function readActiveOrder(sql: Sql, user: SessionUser, orderId: number, now: Date) {
  const tx = prismaOf(sql);
  const order = await tx.order.findFirst({
    where: { id: orderId, userId: user.id },
    include: {
      restaurant: {
        select: {
          id: true,
          ownerId: true,
          servicing: true,
          suspendedAt: true,
          name: true,
          closingTime: true,
          timeZone: true,
          hours: true,
          closures: true,
          lat: true,
          lng: true,
          deliveryRadiusKm: true,
        },
      },
      orderItems: { orderBy: orderInclude.orderItems.orderBy, include: { menuItem: { select: pricedDishSelect }, options: orderLineOptionsInclude } },
    },
  });
  if (!order) throw notFound("Order");
  if (order.stage !== null) throw conflict(alreadyMessage(statusOf(order.stage)));
  assertTakingOrders(order.restaurant);
  const priced = priceStoredLines(
    order.orderItems.map((line) => ({ ...line, dish: line.menuItem, optionIds: line.options.map((option) => option.optionId) })),
    "items",
    now,
  );
  return { order, restaurant: order.restaurant!, priced };
}

/** The two-step submit: the customer's Active order, its stored lines re-priced and rewritten, then moved to placed by transition(). */
async function placeActiveOrder(sql: Sql, user: SessionUser, orderId: number, input: SubmitOrderInput, now: Date): Promise<OrderRow> {
  const tx = prismaOf(sql);
  const { order, priced } = await readActiveOrder(sql, user, orderId, now);
  assertNotOwnRestaurant(user, order.restaurant!);
  // Today's prices: the lines are rewritten in this transaction, so the order, its lines and the
  // charge agree (and a refused placement below rolls them back).
  const lines = priced.map(({ line, priced }) => ({ ...line, priceCents: priced.priceCents }));
  const subtotalCents = subtotalOf(lines);
  const promotion = await promotionFor(sql, user, order.restaurant!, subtotalCents, input, "promoCode", now);
  const placed = placement(order.restaurant!, subtotalCents, input, now, promotion);
  assertWithinRadius(order.restaurant!, user, input);
  await assertCardOrderRoom(sql, user, placed, "paymentMethod");
  for (const { line, priced: today } of priced) {
    if (line.priceCents !== today.priceCents) await tx.orderItem.update({ where: { id: line.id }, data: { priceCents: today.priceCents } });
    for (const copy of line.options) {
      const delta = today.options.find((option) => option.optionId === copy.optionId)!.priceDeltaCents;
      if (copy.priceDeltaCents !== delta) await tx.orderItemOption.update({ where: { id: copy.id }, data: { priceDeltaCents: delta } });
    }
  }
  const submitted = await transition(
    tx,
    order.id,
    { userId: user.id },
    { from: whereStatus("Active"), to: "placed", data: placed, conflict: (current) => alreadyMessage(statusOf(current.stage)), now },
  );
  if (promotion) await redeem(sql, user, promotion, submitted.id, "promoCode", now);
  await charge(sql, user, submitted.id, placed);
  return submitted;
}

/** The payment (lib/server/ledger/orders.ts): the total from the wallet (a 400 when the balance is short: nothing changes) or the card into clearing. */
async function charge(sql: Sql, user: SessionUser, orderId: number, placed: { paymentMethod: string; totalCents: number }): Promise<void> {
  await chargeOrder(sql, { id: orderId, userId: user.id, paymentMethod: placed.paymentMethod, totalCents: placed.totalCents }, CHECKOUT_MESSAGES.insufficientFunds);
}

/**
 * placement() names the submit body's fields (`scheduledFor`, `deliveryOption`, `expectedTotal`),
 * as PUT /api/orders/{id}/submit receives them; the one-call checkout's arrive under `submit`, so
 * its refusals name them as sent (`submit.scheduledFor`), like the schema's own errors (`submit.tipPercent`).
 */
function named<T>(prefix: string, step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (!prefix || !(error instanceof ApiError) || !error.errors) throw error;
    const errors = Object.fromEntries(Object.entries(error.errors).map(([field, message]) => [`${prefix}${field}`, message]));
    throw new ApiError(error.code, error.message, errors, error.headers);
  }
}
