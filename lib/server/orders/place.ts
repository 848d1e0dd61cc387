import "server-only";
import { subtotalOf } from "@/lib/shared/money/pricing";
import { priceWith, type PricingContext } from "@/lib/shared/money/delivery-pricing";
import type { SubmitOrderInput } from "@/lib/contract/orders/checkout-rules";
import type { CreateOrderInput } from "@/lib/contract/orders/rules";
import { ApiError } from "../platform/errors";
import { choosePromotion, redeem, type AppliedPromotion, type PromotionContext } from "../promotions/apply";
import type { OrderPayment } from "./payment";
import { taxAt } from "./tax-rate";
import type { SessionUser } from "../platform/session-user";
import type { PrismaSql, Sql } from "../platform/sql";
import { assertTakingOrders, insertOrder, priceCart, type CartRestaurant, type OrderLineToInsert } from "./create";
import { assertOpenOrderRoom } from "./open-orders";
import type { OrderRow } from "./include";
import { priceStoredLines, type PricedDish, type StoredLine } from "./lines";
import { deliveryDestination, quotedPlace } from "./destination";
import { copyColumns } from "../addresses/order-copy";
import { assertNotOwnRestaurant } from "./own-restaurant";
import { assertKitchenRoom } from "./kitchen-room";
import { assertWithinRadius, placement, slotOf } from "./placement";
import { assertMinimumOrder, pricingContext } from "./pricing-context";
import { NO_PROMISE, promiseOf } from "./promise";
import { recordStage } from "./transition";
import { DEFAULT_CURRENCY } from "@/lib/shared/money/currency";
import { assertCurrency } from "../markets/currency-check";
import { priceActiveOrder, type PricedSource } from "./priced-source";
import { memberPricing, recordMemberBenefit } from "../membership/benefit";

/** Where the order placed comes from: the three ways a customer checks out. */
export type OrderSource =
  /** POST /api/orders with `submit`: the cart in the request, priced now, the order inserted already placed. */
  | { cart: CreateOrderInput }
  /** PUT /api/orders/{id}/submit: the customer's order at checkout (Active), its lines re-priced from today's menu. */
  | { activeOrderId: number }
  /** A group's checkout (lib/server/group-orders/group-checkout.ts): the group's lines, each naming who added it. */
  | { group: { restaurant: CartRestaurant; lines: (StoredLine & { addedBy: string })[]; hostName: string } };

/** The statements a source is placed with: an Active order's is re-priced with Prisma, so it needs a PrismaSql (`{ prisma: true }`, a compile error without). */
export type SqlFor<S extends OrderSource> = [Extract<S, { activeOrderId: number }>] extends [never] ? Sql : PrismaSql;

/**
 * Places an order: the one way an order reaches the restaurant, in the caller's ONE transaction
 * (`sql`: lib/server/platform/sql.ts, directly on SQLite's connection for the one-call checkout, or a
 * Prisma transaction; the Active order's submit reads and updates it with Prisma, so it needs one).
 * Whatever the source, the same steps in the same order:
 * 1. the lines priced from today's menu (priceSource: a dish or choice gone since is a 409 naming
 *    it; a restaurant no longer taking orders a 409; the owner's own restaurant a 403, own-restaurant.ts);
 * 2. the promotion (not for a group), the sales tax rate of the restaurant's address (tax/rates.ts),
 *    placement(): the slot or the open-now check, fees, tax, tip,
 *    and the client's expectedTotal; then where a guest's delivery goes (destination.ts: an address
 *    a courier can be sent to, sent with the order, else a 422 naming `address`) and the
 *    delivery radius (assertWithinRadius: a delivery farther away is a 422 naming `address`);
 * 3. the order written placed: inserted so (cart, group: no Active row to update) or moved from
 *    Active by transition(); either way its placed event is written by recordStage;
 * 4. the open-order limits (open-orders.ts: per account, and per account and restaurant, counted
 *    under the account's lock, after the order's own row as every checkout takes its rows: the
 *    order or group first, then the account), then its promotion redeemed;
 * 5. `payment` paid: the wallet's debit, or the card's authorization linked to the order.
 * A refusal anywhere throws and the caller's transaction rolls everything back. Refusals name
 * the fields as the request sent them: under `submit.` for the one-call checkout.
 */
export async function placeOrder<S extends OrderSource>(
  sql: SqlFor<S>,
  user: SessionUser,
  source: S,
  input: SubmitOrderInput,
  payment: OrderPayment,
  now = new Date(),
): Promise<OrderRow> {
  if (payment?.method !== input.paymentMethod) throw new Error(`placeOrder: a ${input.paymentMethod} order placed without its payment`);
  const { restaurant, fields, promotion, placed, write, saving } = await checkPlacement(sql, user, source, input, now, "place");
  const order = await write(placed);
  if (saving) await recordMemberBenefit(sql, order, user.id, saving, now);
  await assertOpenOrderRoom(sql, user, restaurant, order.id);
  if (promotion) {
    await redeem(sql, user, promotion, order.id, `${fields}promoCode`, now);
    order.promotion = promotionRowOf(promotion);
  }
  await payment.pay(sql, { id: order.id, userId: user.id, totalCents: placed.totalCents, currency: order.currency });
  return order;
}

/**
 * What placing `source` would charge, before any money is asked for (a card is authorized for
 * exactly this total: orders/checkout.ts): every check of placeOrder (steps 1, 2 and the open-order
 * limits; the promotion's redemption is checked by choosePromotion), nothing written: a guest's
 * delivery address is checked, not saved. A refusal is placeOrder's own answer.
 */
export async function quotePlacement<S extends OrderSource>(
  sql: SqlFor<S>,
  user: SessionUser,
  source: S,
  input: SubmitOrderInput,
  now = new Date(),
): Promise<{ totalCents: number; currency: string }> {
  const { restaurant, placed } = await checkPlacement(sql, user, source, input, now, "quote");
  await assertOpenOrderRoom(sql, user, restaurant, 0);
  return { totalCents: placed.totalCents, currency: restaurant.currency ?? DEFAULT_CURRENCY };
}

/**
 * Steps 1 and 2, shared by placeOrder (`place`), quotePlacement (`quote`: the guest's address not
 * saved) and the quote route's preview (quote.ts `preview`: no expectedTotal, no own-restaurant
 * check, the radius from quotedPlace, the offers it misses in `missed`).
 */
export async function checkPlacement<S extends OrderSource>(
  sql: SqlFor<S>,
  user: SessionUser,
  source: S,
  input: SubmitOrderInput,
  now: Date,
  mode: "place" | "quote" | "preview",
  missed?: PromotionContext["missed"],
) {
  const { restaurant, subtotalCents, lines, fields, takesPromotion, write } = await priceSource(sql, user, source, now, slotOf(input) ?? now);
  if (mode !== "preview") assertNotOwnRestaurant(user, restaurant);
  // An order is in its restaurant's market's currency, never another (lib/server/markets/currency-check.ts).
  assertCurrency(input.currency, restaurant.currency, `${fields}currency`);
  // Delivery pricing (pricing-context.ts): the market's and the restaurant's rules, the distance; below the restaurant's minimum, a 422 naming `subtotal`.
  // A member's eligible order: no delivery fee, the plan's share off the service fee (membership/benefit.ts); anyone else's as it was.
  const { pricing, saving } = await memberPricing(sql, user, restaurant, subtotalCents, input, await pricingContext(sql, user, restaurant, input, fields), now);
  assertMinimumOrder(restaurant, pricing, subtotalCents);
  const promotion = takesPromotion ? await promotionFor(sql, user, restaurant, { subtotalCents, lines }, input, `${fields}promoCode`, now, missed, pricing) : null;
  const tax = await taxAt(sql, restaurant.id, now);
  if (mode === "preview") {
    const placed = placement(restaurant, subtotalCents, input, now, promotion, tax, pricing);
    assertWithinRadius(restaurant, await quotedPlace(sql, user, input, fields), input);
    return { restaurant, fields, promotion, placed, write, saving };
  }
  const placed = named(fields, () => placement(restaurant, subtotalCents, input, now, promotion, tax, pricing));
  // The kitchen's capacity (kitchen-room.ts): a full quarter hour is a 409 naming the next free slot, before anything is written or charged.
  await assertKitchenRoom(sql, restaurant, placed.scheduledFor, now, { lock: mode === "place", fields });
  const customer = await deliveryDestination(sql, user, input, fields, now, { save: mode === "place" });
  assertWithinRadius(restaurant, customer, input);
  // The order keeps where it goes (its copy: docs/architecture/places.md "Address book") and the arrival it was promised, in the same write.
  const promise = mode === "place" ? await promiseOf(sql, restaurant, customer, input, placed.scheduledFor, now) : NO_PROMISE;
  return {
    restaurant,
    fields,
    promotion,
    placed: { ...placed, ...copyColumns(customer.delivery), deliveryAddressId: customer.delivery?.addressId ?? null, ...promise },
    write,
    saving,
  };
}

/**
 * Step 1 of placeOrder (and of the quotes, which stop before writing): the source's restaurant
 * and its lines priced from today's menu, with how the order is written placed.
 */
export async function priceSource<S extends OrderSource>(sql: SqlFor<S>, user: SessionUser, source: S, now: Date, windowAt = now): Promise<PricedSource> {
  // SqlFor: a source with an Active order comes with a PrismaSql.
  if ("activeOrderId" in source) return priceActiveOrder(sql as PrismaSql, user, source.activeOrderId, now, windowAt);
  let restaurant: CartRestaurant;
  let dishes: PricedDish[];
  let lines: OrderLineToInsert[];
  if ("cart" in source) {
    ({ restaurant, dishes, lines } = await priceCart(sql, source.cart, now, windowAt));
  } else {
    restaurant = source.group.restaurant;
    assertTakingOrders(restaurant);
    const priced = priceStoredLines(source.group.lines, "lines", now, windowAt);
    dishes = [...new Map(source.group.lines.map((line) => [line.dish!.id, line.dish!])).values()];
    lines = priced.map(({ line, priced }) => ({ ...priced, addedBy: line.addedBy }));
  }
  const groupHostName = "group" in source ? source.group.hostName : undefined;
  return {
    restaurant,
    subtotalCents: subtotalOf(lines),
    lines,
    fields: "cart" in source ? "submit." : "",
    takesPromotion: !("group" in source),
    // Inserted already placed: there is no Active row to update.
    write: async (placed) => {
      const order = await insertOrder(sql, user, restaurant, dishes, lines, { placed: { ...placed, stage: "placed" }, groupHostName });
      await recordStage(sql, order, "placed", now);
      return order;
    },
  };
}

/**
 * The promotion the order takes (promotions/apply.ts): the code in the submit body, else the
 * restaurant's best automatic offer; priced on the subtotal, the lines (an offer's dish or section)
 * and the delivery fee before it (the market's, at the distance).
 */
export function promotionFor(
  sql: Sql,
  user: SessionUser,
  restaurant: { id: number; name: string; timeZone: string; automaticOffers?: boolean; currency?: string },
  { subtotalCents, lines }: Pick<PromotionContext, "subtotalCents" | "lines">,
  input: SubmitOrderInput,
  field: string,
  now: Date,
  missed: PromotionContext["missed"] | undefined,
  pricing: PricingContext,
): Promise<AppliedPromotion | null> {
  // The delivery fee left to discount: none where the restaurant's own free delivery waives it.
  const price = priceWith(pricing, subtotalCents, input.deliveryOption, { cents: 0 });
  const deliveryFeeCents = price.deliveryFeeCents - price.deliveryWaivedCents;
  const pickup = input.deliveryOption === "pickup";
  return choosePromotion(sql, user, input.promoCode, { restaurant, subtotalCents, lines, deliveryFeeCents, pickup, field, missed }, now);
}

/** The order row's `promotion` (include.ts) for an order just placed with it. */
function promotionRowOf({ promotion }: AppliedPromotion): NonNullable<OrderRow["promotion"]> {
  const { id, code, kind, value, maxDiscountCents, minSubtotalCents, firstOrderOnly } = promotion;
  return { id, code, kind, value, maxDiscountCents, minSubtotalCents, firstOrderOnly };
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
    if (!prefix || !(error instanceof ApiError) || !error.saidErrors) throw error;
    const errors = Object.fromEntries(Object.entries(error.saidErrors).map(([field, message]) => [`${prefix}${field}`, message]));
    throw new ApiError(error.code, error.said, errors, error.headers);
  }
}
