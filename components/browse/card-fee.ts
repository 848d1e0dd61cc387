import { freeDeliveryCardText } from "@/lib/shared/delivery-pricing-text";

// A restaurant card's fee line (restaurant-card.tsx prints `fee`): the server computes it for the
// cards it renders (/home: the market's line, cardFeeText); the grid's later pages, fetched in the
// browser, load this module with their request, so /home's first-load JavaScript carries none of it.

/** The restaurant's free delivery ("$0 delivery fee over $25") where it offers one, else the market's line. */
export function cardFee(marketLine: string, restaurant: { freeDeliveryOver?: number | null }): string {
  return restaurant.freeDeliveryOver == null ? marketLine : freeDeliveryCardText(Math.round(restaurant.freeDeliveryOver * 100));
}

/** `source` with its card's fee line. */
export const withCardFee = <T extends { freeDeliveryOver?: number | null }>(marketLine: string, source: T): T & { fee: string } => ({
  ...source,
  fee: cardFee(marketLine, source),
});
