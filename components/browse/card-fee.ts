import { freeDeliveryCardText, type CardFeeWords } from "@/lib/shared/delivery-pricing-text";
import type { Locale } from "@/lib/i18n/locale";

// A restaurant card's fee line (restaurant-card.tsx prints `fee`), computed by the server for the
// cards it renders (/home: the market's line, cardFeeText): /home's first-load JavaScript is at its
// limit. The grid's later pages, fetched in the browser, print the market's line.

/** The restaurant's free delivery ("$0 delivery fee over $25") where it offers one, else the market's line; `words`, `locale`: the reader's (English's by default). */
export function cardFee(marketLine: string, restaurant: { freeDeliveryOver?: number | null }, words?: CardFeeWords, locale?: Locale): string {
  return restaurant.freeDeliveryOver == null ? marketLine : freeDeliveryCardText(Math.round(restaurant.freeDeliveryOver * 100), words, locale);
}

/** `source` with its card's fee line. */
export const withCardFee = <T extends { freeDeliveryOver?: number | null }>(
  marketLine: string,
  source: T,
  words?: CardFeeWords,
  locale?: Locale,
): T & { fee: string } => ({
  ...source,
  fee: cardFee(marketLine, source, words, locale),
});
