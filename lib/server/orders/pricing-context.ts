import "server-only";
import { distanceKm, type Point } from "@/lib/shared/delivery/delivery";
import { minimumOrderMessage, minimumShortCents, type MarketPricing, type PricingContext } from "@/lib/shared/money/delivery-pricing";
import type { SubmitOrderInput } from "@/lib/contract/orders/checkout-rules";
import { parseAddressLine } from "@/lib/contract/zod-free/profile-rules";
import { geocodeZip } from "../geo/geocoder";
import { ApiError } from "../platform/errors";
import type { SessionUser } from "../platform/session-user";
import type { Sql } from "../platform/sql";
import { marketPricingIn } from "../pricing/market";
import { placeOf, quotedPlace } from "./destination";

// What an order is priced under (docs/architecture/money-and-orders.md "Delivery pricing"): the
// restaurant's market's rule (read with the cart in its one statement, else here), the restaurant's own rules,
// and by distance the km from the restaurant to where the delivery goes, the same place the radius
// check and the order's copy use (the chosen address-book entry, else the profile's place; a
// guest's typed address by its ZIP). Read only when the rule prices by distance.

/** What the pricing reads of the restaurant. */
export type PricingRestaurant = {
  name: string;
  lat: number | null;
  lng: number | null;
  minOrderCents?: number | null;
  freeDeliveryOverCents?: number | null;
  /** The market's rule, when the restaurant's read carried it (the cart's one statement). */
  marketRule?: MarketPricing;
  /** Its market, whose rule is read here when the restaurant's read did not carry it (the default market's when absent). */
  marketId?: number;
};

export async function pricingContext(sql: Sql, user: SessionUser, restaurant: PricingRestaurant, input: SubmitOrderInput, fields: string): Promise<PricingContext> {
  const market = restaurant.marketRule ?? (await marketPricingIn(sql, restaurant.marketId));
  const rules = { minOrderCents: restaurant.minOrderCents ?? null, freeDeliveryOverCents: restaurant.freeDeliveryOverCents ?? null };
  // Delivered by the restaurant's own staff (a phone order, docs/architecture/phone-orders.md): no Nosh delivery or small-order fee; the service fee stays.
  if (input.staffDelivery) return { market: { ...market, mode: "flat", flatFeeCents: 0, smallOrderFeeCents: 0 }, restaurant: rules, distanceKm: null };
  const byDistance = market.mode === "distance" && input.deliveryOption !== "pickup" && restaurant.lat != null && restaurant.lng != null;
  const place = byDistance ? await dropoffPoint(sql, user, input, fields) : null;
  return { market, restaurant: rules, distanceKm: place ? distanceKm({ lat: restaurant.lat!, lng: restaurant.lng! }, place) : null };
}

/** Where the delivery goes, or null when it is not known here (the placement's own checks refuse what is wrong). */
async function dropoffPoint(sql: Sql, user: SessionUser, input: SubmitOrderInput, fields: string): Promise<Point | null> {
  if (input.deliveryAddress !== undefined) {
    if (input.deliveryLat !== undefined && input.deliveryLng !== undefined) return { lat: input.deliveryLat, lng: input.deliveryLng };
    const parsed = parseAddressLine(input.deliveryAddress);
    return "error" in parsed ? null : geocodeZip(parsed.parts.zip);
  }
  try {
    const place = await quotedPlace(sql, user, input, fields);
    return place.lat != null && place.lng != null ? { lat: place.lat, lng: place.lng } : placeOf(user);
  } catch {
    return null;
  }
}

/** The 422 of an order below the restaurant's minimum, beside `subtotal`. */
export function assertMinimumOrder(restaurant: { name: string; currency?: string }, context: PricingContext, subtotalCents: number): void {
  const short = minimumShortCents(context.restaurant, subtotalCents);
  if (!short) return;
  const message = minimumOrderMessage(restaurant.name, context.restaurant.minOrderCents!, short, restaurant.currency);
  throw new ApiError("unprocessable", message, { subtotal: message });
}
