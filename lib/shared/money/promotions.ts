import { formatCents } from "./money";
import { isOfferKind, offerLabel, OFFER_KINDS, type OfferKind, type OfferNames } from "./offers";
import { said } from "@/lib/shared/words/said";

// A promotion's rules that the server and the pages share (docs/architecture/promotions.md):
// the code's form, the discount of an order, and the offer's label ("20% off your first order"),
// said (lib/shared/words/said.ts) for the server to write in the reader's language.

/** A code's or offer's discount; the last three are offers' only (offers.ts): applied without a code. */
export const PROMOTION_KINDS = ["percent", "amount", "free_delivery", ...OFFER_KINDS] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

/** 4-16 letters or digits, once trimmed; compared upper-cased. */
export const PROMO_CODE_PATTERN = /^[A-Za-z0-9]{4,16}$/;

/** A code as typed (spaces around it trimmed) to the key it is stored and looked up by, or null when it cannot be a code. */
export function promoCodeKey(code: string): string | null {
  const trimmed = code.trim();
  return PROMO_CODE_PATTERN.test(trimmed) ? trimmed.toUpperCase() : null;
}

export type PromotionTerms = {
  kind: PromotionKind;
  /** percent, section_percent: whole percent; amount: cents; free_delivery, bogo, free_item: unused. */
  value: number;
  maxDiscountCents: number | null;
  minSubtotalCents: number;
  firstOrderOnly: boolean;
};

/**
 * The discount of an order, in cents: a percent or an amount off the item subtotal, or the
 * delivery fee (free delivery; the priority surcharge is not waived). Floored to the cent, capped
 * by maxDiscount, and never above what it discounts, so a total is never negative.
 */
export function discountCents(terms: Pick<PromotionTerms, "kind" | "value" | "maxDiscountCents">, price: { subtotalCents: number; deliveryFeeCents: number }): number {
  const base = terms.kind === "free_delivery" ? price.deliveryFeeCents : price.subtotalCents;
  // An offer's kind (bogo, free_item, section_percent) is priced on the lines: offers.ts offerSaving.
  if (isOfferKind(terms.kind)) return 0;
  const raw = terms.kind === "percent" ? Math.floor((price.subtotalCents * terms.value) / 100) : terms.kind === "amount" ? terms.value : price.deliveryFeeCents;
  return Math.max(0, Math.min(raw, base, terms.maxDiscountCents ?? Number.MAX_SAFE_INTEGER));
}

/**
 * "20% off", "$5.00 off", "Free delivery", with its conditions: "20% off your first order", "$5.00 off orders of $25.00 or more";
 * amounts in `currency`, the restaurant's market's ("¥500 off"). A said string of the catalogue's
 * `lines.offers` (offers.ts offerLabel): the server writes it in the reader's language.
 */
export function promotionLabel(terms: PromotionTerms & OfferNames, currency = "USD"): string {
  if (isOfferKind(terms.kind)) {
    const label = offerLabel({ ...terms, kind: terms.kind as OfferKind }, terms, currency);
    return terms.firstOrderOnly ? said("lines.offers.onFirstOrder", { label }) : label;
  }
  const money = (cents: number) => formatCents(cents, { currency });
  let label =
    terms.kind === "percent"
      ? said("lines.offers.percent", { percent: terms.value })
      : terms.kind === "amount"
        ? said("lines.offers.amount", { amount: money(terms.value) })
        : said("lines.offers.freeDelivery");
  if (terms.firstOrderOnly) label = said(terms.kind === "free_delivery" ? "lines.offers.onFirstOrder" : "lines.offers.yourFirstOrder", { label });
  if (terms.minSubtotalCents > 0) label = said("lines.offers.minimum", { label, amount: money(terms.minSubtotalCents) });
  return terms.kind === "percent" && terms.maxDiscountCents !== null ? said("lines.offers.cap", { label, amount: money(terms.maxDiscountCents) }) : label;
}

/** The 422 reasons a code is refused, in the order they are checked (the first that holds is the answer). */
export const PROMO_SAID = {
  notStarted: (startsAt: string) => said("messages.promoNotStarted", { startsAt: startsAt }),
  otherRestaurant: (name: string) => said("messages.promoOtherRestaurant", { name: name }),
  belowMinimum: (missingCents: number, minCents: number, currency = "USD") =>
    said("messages.promoBelowMinimum", { missing: formatCents(missingCents, { currency }), minimum: formatCents(minCents, { currency }) }),
  tooMany: said("messages.promoTooMany"),
} as const;

/**
 * Why a customer cannot take an automatic offer now: the restaurant page's badge and the checkout
 * say it beside the offer, instead of an offer that silently does not apply. Said strings of the
 * catalogue's `lines.offers.reasons`; `starts` takes a said time (saidTime).
 */
export const OFFER_SAID = {
  used: said("lines.offers.reasons.used"),
  firstOrderOnly: said("lines.offers.reasons.firstOrderOnly"),
  firstOrderGuest: said("lines.offers.reasons.firstOrderGuest"),
  spendMore: (missingCents: number, currency = "USD") => said("lines.offers.reasons.spendMore", { amount: formatCents(missingCents, { currency }) }),
  pickup: said("lines.offers.reasons.pickup"),
  usedUp: said("lines.offers.reasons.usedUp"),
  starts: (startsAt: string) => said("lines.offers.reasons.starts", { time: startsAt }),
} as const;

/** Where a promotion stands at an instant: its dates first, then its total uses. */
export const PROMOTION_STATES = ["scheduled", "active", "ended", "used_up"] as const;
export type PromotionState = (typeof PROMOTION_STATES)[number];

type When = Date | string | null;
const msOf = (value: When) => (value === null ? null : new Date(value).getTime());
export function promotionState(p: { startsAt: When; endsAt: When; totalLimit: number | null; redeemed: number }, now: Date): PromotionState {
  const ends = msOf(p.endsAt);
  if (ends !== null && ends <= now.getTime()) return "ended";
  if (p.totalLimit !== null && p.redeemed >= p.totalLimit) return "used_up";
  const starts = msOf(p.startsAt);
  return starts !== null && starts > now.getTime() ? "scheduled" : "active";
}
