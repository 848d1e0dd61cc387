import { cardFeeText, freeDeliveryCardText, type CardFeeWords } from "@/lib/shared/money/delivery-pricing-text";
import { centsOfAmount } from "@/lib/shared/money/money";
import type { Locale } from "@/lib/i18n/locale";
import type { OtherMarket } from "@/lib/server/pricing/card-fees";

// A restaurant card's fee line (restaurant-card.tsx prints `fee`), computed by the server for the
// cards it renders (/home: the market's line, cardFeeText): /home's first-load JavaScript is at its
// limit. The grid's later pages, fetched in the browser, print the market's line.

/**
 * The restaurant's free delivery ("$0 delivery fee over $25") where it offers one, else the market's line; `words`, `locale`: the reader's
 * (English's by default); `currency`: the restaurant's market's, its `freeDeliveryOver`'s unit.
 */
export function cardFee(marketLine: string, restaurant: { freeDeliveryOver?: number | null }, words?: CardFeeWords, locale?: Locale, currency = "USD"): string {
  return restaurant.freeDeliveryOver == null ? marketLine : freeDeliveryCardText(centsOfAmount(restaurant.freeDeliveryOver, currency), words, locale, currency);
}

/** `source` with its card's fee line. */
export const withCardFee = <T extends { freeDeliveryOver?: number | null }>(
  marketLine: string,
  source: T,
  words?: CardFeeWords,
  locale?: Locale,
  currency?: string,
): T & { fee: string } => ({
  ...source,
  fee: cardFee(marketLine, source, words, locale, currency),
});

/**
 * The cards of a page whose restaurants may be in other markets' currencies (`others`, by restaurant id): a USD
 * restaurant's line is `usdLine` (the default market's rule, as the cards always said), another's is its market's
 * rule (to `km` when known) in its currency; each restaurant's free delivery in its own currency.
 */
export function cardFeesOf(others: ReadonlyMap<number, OtherMarket>, usdLine: (km: number | null) => string, words: CardFeeWords, locale: Locale) {
  return {
    currency: (id: number) => others.get(id)?.currency ?? "USD",
    withFee: <T extends { id: number; freeDeliveryOver?: number | null }>(source: T, km: number | null = null): T & { fee: string } => {
      const other = others.get(source.id);
      if (!other) return withCardFee(usdLine(km), source, words, locale);
      return withCardFee(cardFeeText(other.rule, km, words, locale, other.currency), source, words, locale, other.currency);
    },
  };
}
