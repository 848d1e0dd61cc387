import { PRIORITY_FEE_CENTS } from "../constants";
import { deliveryFeeAt, isSpecRule, type MarketPricing, type RestaurantPricing } from "./delivery-pricing";
import type { Locale } from "@/lib/i18n/locale";
import { decimalText } from "./tax";
import type { Messages } from "@/lib/i18n/words";
import { fill } from "../words/fill";
import { formatCents } from "./money";

// What the restaurant page says of the delivery fee, from the rules checkout charges by
// (lib/shared/money/delivery-pricing.ts), so the page promises nothing checkout does not charge. An
// amount with "+" ("on $15+") appears only where a rule makes it true: the restaurant's minimum
// order, its free delivery, the market's small-order fee. With nothing set, the spec's own line
// (section 9: "The restaurant page notes '$15+' for the delivery fee").

/** "$15" for whole dollars, else "$12.50" ("15 US$", "12,50 US$" in Spanish; "MX$15" in pesos). */
export const shortDollars = (cents: number, locale: Locale = "en", currency = "USD") =>
  cents % 100 !== 0
    ? formatCents(cents, { locale, currency })
    : locale === "en" && currency === "USD"
      ? `$${cents / 100}`
      : formatCents(cents, { locale, currency }).replace(/[.,]00(?!\d)/, "");

/** The fee lines' words: the catalogue's restaurant.fee, from the server (no catalogue in this module, which pages may ship). */
export type FeeWords = Messages["restaurant"]["fee"];

/** The market's delivery fee in words: "$6.49", "$2.99 + $0.75/km", "$3.99 up to 3 km, $5.99 up to 6 km, then $2.99 + $0.75/km". */
export function marketFeeText(market: MarketPricing, words: FeeWords, locale: Locale = "en", currency = "USD"): string {
  const money = (cents: number) => formatCents(cents, { locale, currency });
  if (market.mode === "flat") return money(market.flatFeeCents);
  const perKm = fill(words.perKm, { base: money(market.baseFeeCents), perKm: money(market.perKmCents) });
  if (!market.bands.length) return perKm;
  return fill(words.bands, { bands: market.bands.map((b) => fill(words.upTo, { fee: money(b.feeCents), km: b.upToKm })).join(", "), perKm });
}

export type FeeFacts = {
  /** The fee line: "$6.49 delivery fee on $15+" (the spec's), "$4.99 delivery fee", "$2.99 + $0.75/km delivery fee on $20+". */
  fee: string;
  /** "(priority +$1.49)" */
  priority: string;
  /** The rules beside it, each true: "Free delivery on $25+", "$2 small order fee under $10", "Minimum order $20". */
  notes: string[];
};

/** `currency`: the restaurant's market's (the spec's own "on $15+" line is USD's alone). */
export function deliveryFeeFacts(market: MarketPricing, restaurant: RestaurantPricing, words: FeeWords, locale: Locale = "en", currency = "USD"): FeeFacts {
  const short = (cents: number) => shortDollars(cents, locale, currency);
  const priority = fill(words.priority, { amount: formatCents(PRIORITY_FEE_CENTS, { locale, currency }) });
  if (isSpecRule(market, restaurant) && currency === "USD")
    return { fee: fill(words.feeOn, { fee: formatCents(deliveryFeeAt(market, null), { locale }), min: short(1500) }), priority, notes: [] };
  const min = restaurant.minOrderCents;
  const notes: string[] = [];
  if (restaurant.freeDeliveryOverCents !== null) notes.push(fill(words.freeOver, { amount: short(restaurant.freeDeliveryOverCents) }));
  if (market.smallOrderFeeCents > 0 && (min === null || min < market.smallOrderUnderCents))
    notes.push(fill(words.smallOrder, { fee: short(market.smallOrderFeeCents), amount: short(market.smallOrderUnderCents) }));
  if (min !== null) notes.push(fill(words.minimum, { amount: short(min) }));
  const fee = marketFeeText(market, words, locale, currency);
  return { fee: min !== null ? fill(words.feeOn, { fee, min: short(min) }) : fill(words.fee, { fee }), priority, notes };
}

/** The lowest delivery fee the market charges anywhere: by distance, its first band's or the base fee at 0 km. */
export function lowestDeliveryFee(market: MarketPricing): number {
  if (market.mode === "flat") return market.flatFeeCents;
  if (!market.bands.length) return market.baseFeeCents;
  const last = market.bands[market.bands.length - 1]!;
  return Math.min(...market.bands.map((b) => b.feeCents), deliveryFeeAt(market, last.upToKm + 0.1));
}

/**
 * A restaurant card's fee line, computed by the server (the cards' client code only prints it):
 * "$6.49 delivery fee" under a flat fee (the spec's, as the cards always said), by distance the fee
 * to a known distance (the address searched on /home) or "from $2.99 delivery fee", its lowest.
 * The restaurant's free delivery takes its place (cardFee, components/browse/card-fee.ts).
 */
export function cardFeeText(
  market: MarketPricing,
  distanceKm: number | null = null,
  words: CardFeeWords = CARD_FEE_WORDS,
  locale: Locale = "en",
  currency = "USD",
): string {
  if (market.mode === "distance" && distanceKm === null) return fill(words.from, { fee: formatCents(lowestDeliveryFee(market), { locale, currency }) });
  return fill(words.fee, { fee: formatCents(deliveryFeeAt(market, distanceKm), { locale, currency }) });
}

/** A card's fee words: the catalogue's browse.cardFee in the reader's language, from the server; English's by default. */
export type CardFeeWords = Messages["browse"]["cardFee"];
const CARD_FEE_WORDS: CardFeeWords = { fee: "{fee} delivery fee", from: "from {fee} delivery fee", freeOver: "{free} delivery fee over {amount}" };

/** The restaurant's free delivery on a card, as the apps show it: "$0 delivery fee over $25". */
export const freeDeliveryCardText = (freeDeliveryOverCents: number, words: CardFeeWords = CARD_FEE_WORDS, locale: Locale = "en", currency = "USD") =>
  fill(words.freeOver, { free: shortDollars(0, locale, currency), amount: shortDollars(freeDeliveryOverCents, locale, currency) });

/**
 * The about page's sentence on delivery: the spec's ("$6.49 on every order, +$1.49 for priority; tax
 * and fees are 10% of the subtotal") while the market keeps the spec's rule, else the market's
 * (`words`: the fee words, `about`: the sentence's, both in `locale`, the catalogue's restaurant.fee and browse.about.fee; English's by default).
 */
export function aboutDeliveryText(market: MarketPricing, words: FeeWords, about: AboutFeeWords = ABOUT_FEE_WORDS, locale: Locale = "en"): string {
  const money = (cents: number) => formatCents(cents, { locale });
  const priority = fill(about.priority, { amount: money(PRIORITY_FEE_CENTS) });
  const service = fill(about.service, { percent: decimalText(market.serviceFeePercent, locale) });
  const fee = market.mode === "flat" ? fill(about.flat, { fee: money(market.flatFeeCents) }) : fill(about.distance, { fee: marketFeeText(market, words, locale) });
  const small =
    market.smallOrderFeeCents > 0
      ? fill(about.small, { fee: shortDollars(market.smallOrderFeeCents, locale), amount: shortDollars(market.smallOrderUnderCents, locale) })
      : "";
  return fill(about.sentence, { fee, small, priority, service });
}

/** The about page's delivery sentence's words (the catalogue's browse.about.fee). */
export type AboutFeeWords = Messages["browse"]["about"]["fee"];
const ABOUT_FEE_WORDS: AboutFeeWords = {
  sentence: "Delivery costs {fee}{small}, {priority}; {service}",
  flat: "{fee} on every order",
  distance: "{fee} by the distance from the restaurant",
  small: ", plus a {fee} small order fee under {amount}",
  priority: "+{amount} for priority",
  service: "tax and fees are {percent}% of the subtotal",
};
