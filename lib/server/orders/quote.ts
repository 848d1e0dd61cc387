import "server-only";
import type { QuoteJson } from "@/lib/contract/order-schemas";
import { centsToDollars } from "@/lib/shared/money";
import { ratePercent } from "@/lib/shared/tax";
import type { SubmitOrderInput } from "@/lib/validation/checkout";
import type { CreateOrderInput } from "@/lib/validation/orders";
import type { SessionUser } from "../accounts/session-user";
import { priceSource, promotionFor, type SqlFor } from "./place";
import { assertWithinRadius, placement, slotOf } from "./placement";
import { quotedPlace } from "./destination";
import { taxAt } from "./tax-rate";

/**
 * POST /api/orders/quote (docs/architecture/promotions.md "The quote"): what placing would
 * charge, without placing. The same steps as placeOrder up to the price: the lines priced from
 * today's menu (its priceSource(), whose writer it never calls), the promotion chosen (a refused code is the same 422), placement() (slot or
 * open now, fees, tip, discount) and the delivery radius. It writes nothing and leaves out what
 * depends on paying (the wallet's balance, the open-order limits) and the client's expectedTotal.
 */
export async function quoteOrder<S extends { cart: CreateOrderInput } | { activeOrderId: number }>(
  sql: SqlFor<S>,
  user: SessionUser,
  source: S,
  input: SubmitOrderInput,
  now = new Date(),
): Promise<QuoteJson> {
  const unchecked = { ...input, expectedTotal: undefined };
  const { restaurant, subtotalCents, fields } = await priceSource(sql, user, source, now, slotOf(input) ?? now);
  const field = `${fields}promoCode`;
  const missed: { id: number; label: string; reason: string }[] = [];
  const promotion = await promotionFor(sql, user, restaurant, subtotalCents, unchecked, field, now, missed);
  const placed = placement(restaurant, subtotalCents, unchecked, now, promotion, await taxAt(sql, restaurant.id, now));
  assertWithinRadius(restaurant, await quotedPlace(sql, user, unchecked, fields), unchecked);
  return {
    subtotal: centsToDollars(placed.subtotalCents),
    deliveryFee: centsToDollars(placed.deliveryFeeCents),
    priorityFee: centsToDollars(placed.priorityFeeCents),
    serviceFee: centsToDollars(placed.serviceFeeCents),
    tip: centsToDollars(placed.tipCents),
    discount: centsToDollars(placed.discountCents),
    // Sales tax (issue 59 item 6), apart from the service fee: 0 and null where no rate applies.
    tax: centsToDollars(placed.taxCents),
    taxRate: placed.taxRateMilliPercent === null ? null : ratePercent(placed.taxRateMilliPercent),
    taxesFees: placed.taxesFees,
    total: centsToDollars(placed.totalCents),
    promotion: promotion?.json ?? null,
    // The automatic offers this order cannot take, each with why (issue 52 item 6): none with a code.
    unavailableOffers: missed,
  };
}
