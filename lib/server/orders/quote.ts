import "server-only";
import type { QuoteJson } from "@/lib/contract/orders/quote-schemas";
import { DEFAULT_CURRENCY, majorIn } from "@/lib/shared/money/currency";
import type { SubmitOrderInput } from "@/lib/contract/orders/checkout-rules";
import type { CreateOrderInput } from "@/lib/contract/orders/rules";
import type { Locale } from "@/lib/i18n/locale";
import { errorTextIn } from "../platform/errors";
import type { SessionUser } from "../platform/session-user";
import { checkPlacement, type SqlFor } from "./place";
import { priceJson } from "./price-json";

/**
 * POST /api/orders/quote (docs/architecture/promotions.md "The quote"): what placing would
 * charge, without placing. placeOrder's own steps up to the price (place.ts checkPlacement, as a
 * `preview`): the lines priced from today's menu (priceSource, whose writer it never calls), the
 * promotion chosen (a refused code is the same 422), placement() (slot or open now, fees, tip,
 * discount) and the delivery radius. It writes nothing and leaves out what depends on paying (the
 * wallet's balance, the open-order limits) and the client's expectedTotal. The offers' words are
 * written in `locale` (the request's).
 */
export async function quoteOrder<S extends { cart: CreateOrderInput } | { activeOrderId: number }>(
  sql: SqlFor<S>,
  user: SessionUser,
  source: S,
  input: SubmitOrderInput,
  now = new Date(),
  locale: Locale = "en",
): Promise<QuoteJson> {
  const missed: { id: number; label: string; reason: string }[] = [];
  const { restaurant, placed, promotion, saving } = await checkPlacement(sql, user, source, { ...input, expectedTotal: undefined }, now, "preview", missed);
  // Major units of the restaurant's market's currency, the order's; the offers' labels and reasons (said) in the reader's language.
  const currency = restaurant.currency ?? DEFAULT_CURRENCY;
  const major = majorIn(currency);
  const words = (text: string) => errorTextIn(locale, text);
  return {
    ...priceJson(placed, currency),
    taxesFees: placed.taxesFees,
    total: major(placed.totalCents),
    promotion: promotion ? { ...promotion.json, label: words(promotion.json.label) } : null,
    // Each dish's saving from an offer priced on the lines (promotions/offers.ts), the cart's lines say it.
    offerSavings: [promotion, promotion?.stacked].flatMap((applied) =>
      (applied?.savings ?? []).map((saving) => ({ menuItemId: saving.menuItemId, saving: major(saving.cents), label: words(applied!.json.label) })),
    ),
    // The automatic offers this order cannot take, each with why: none with a code.
    unavailableOffers: missed.map((offer) => ({ ...offer, label: words(offer.label), reason: words(offer.reason) })),
    // What a member's order saves (membership/benefit.ts): already off the fees above; null for anyone else.
    membership: saving
      ? { delivery: major(saving.deliveryCents), serviceFee: major(saving.serviceFeeCents), saved: major(saving.deliveryCents + saving.serviceFeeCents) }
      : null,
  };
}
