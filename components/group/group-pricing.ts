import type { DeliveryOption } from "@/lib/shared/constants";
import { distanceKm } from "@/lib/shared/delivery/delivery";
import { priceWith, type MarketPricing, type RestaurantPricing, type Tip } from "@/lib/shared/money/delivery-pricing";

/** What a group's checkout prices by (the page's server render): the market's rule, the restaurant's own and its place. */
export type GroupPricing = { market: MarketPricing; restaurant: RestaurantPricing; place: { lat: number | null; lng: number | null } };

type Point = { lat: number | null; lng: number | null } | null | undefined;

/**
 * The host's price, by the rule the server charges by (lib/shared/money/delivery-pricing.ts): by distance,
 * from the restaurant to the chosen address (the book's entry, else the profile's place), as the
 * placement measures it; the server checks the total shown (expectedTotal).
 */
export function groupPrice(pricing: GroupPricing, subtotalCents: number, option: DeliveryOption, tip: Tip, dropoff: Point) {
  const { place } = pricing;
  const known = pricing.market.mode === "distance" && place.lat != null && place.lng != null && dropoff?.lat != null && dropoff.lng != null;
  const km = known ? distanceKm({ lat: place.lat!, lng: place.lng! }, { lat: dropoff!.lat!, lng: dropoff!.lng! }) : null;
  return priceWith({ market: pricing.market, restaurant: pricing.restaurant, distanceKm: km }, subtotalCents, option, tip);
}
