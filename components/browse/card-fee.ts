import { freeDeliveryCardText } from "@/lib/shared/delivery-pricing-text";

// A restaurant card's fee line (restaurant-card.tsx prints `fee`), computed by the server for the
// cards it renders (/home: the market's line, cardFeeText): /home's first-load JavaScript is at its
// limit. The grid's later pages, fetched in the browser, print the market's line.

/** The restaurant's free delivery ("$0 delivery fee over $25") where it offers one, else the market's line. */
export function cardFee(marketLine: string, restaurant: { freeDeliveryOver?: number | null }): string {
  return restaurant.freeDeliveryOver == null ? marketLine : freeDeliveryCardText(Math.round(restaurant.freeDeliveryOver * 100));
}

/** `source` with its card's fee line. */
export const withCardFee = <T extends { freeDeliveryOver?: number | null }>(marketLine: string, source: T): T & { fee: string } => ({
  ...source,
  fee: cardFee(marketLine, source),
});
