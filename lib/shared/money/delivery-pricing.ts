import { CHECKOUT_DELIVERY_FEE_CENTS, PRIORITY_FEE_CENTS, SERVICE_FEE_RATE, type DeliveryOption } from "../constants";
import { formatCents, percentOf } from "./money";

// The delivery pricing a market sets (docs/architecture/money-and-orders.md "Delivery pricing"):
// the one price rule behind the quote, checkout, the placed order, its receipt and the restaurant
// page. The operator's rule (MarketPricing: flat, or by distance with optional bands; a small-order
// fee under a minimum; the service fee's percentage) and the restaurant's own (a minimum order, and
// free delivery from an amount, which the restaurant pays for). With nothing set (SPEC_PRICING and
// no restaurant rule) the price is the spec's exactly: 6.49 delivery, 1.49 priority, 10 % fees.
// Plain module: the server, the pages and the seed import it.

/** A distance band: a delivery up to `upToKm` pays `feeCents`. */
export type DeliveryBand = { upToKm: number; feeCents: number };

export type MarketPricing = {
  /** flat: `flatFeeCents` for every delivery; distance: the bands, else base + per km. */
  mode: "flat" | "distance";
  /** The flat fee; by distance, the fee when the distance is not known (either place unknown). */
  flatFeeCents: number;
  baseFeeCents: number;
  perKmCents: number;
  /** By distance, ascending by `upToKm`: a delivery within a band pays its fee; beyond the last, base + per km. */
  bands: DeliveryBand[];
  /** A delivery whose item subtotal is under `smallOrderUnderCents` pays this too (0: none). */
  smallOrderFeeCents: number;
  smallOrderUnderCents: number;
  /** The service fee ("tax and fees" in the spec), a percentage of the item subtotal (one decimal at most). */
  serviceFeePercent: number;
};

/** The spec's rule: what is charged until an operator sets the market's pricing. */
export const SPEC_PRICING: MarketPricing = {
  mode: "flat",
  flatFeeCents: CHECKOUT_DELIVERY_FEE_CENTS,
  baseFeeCents: 299,
  perKmCents: 75,
  bands: [],
  smallOrderFeeCents: 0,
  smallOrderUnderCents: 0,
  serviceFeePercent: SERVICE_FEE_RATE * 100,
};

/** A restaurant's own rules (Restaurant.minOrderCents, freeDeliveryOverCents): null is none. */
export type RestaurantPricing = { minOrderCents: number | null; freeDeliveryOverCents: number | null };
export const NO_RESTAURANT_RULES: RestaurantPricing = { minOrderCents: null, freeDeliveryOverCents: null };

/** What a price is computed under: the market's rule, the restaurant's, and the km from the restaurant to the drop-off (null: unknown). */
export type PricingContext = { market: MarketPricing; restaurant: RestaurantPricing; distanceKm: number | null };
export const SPEC_CONTEXT: PricingContext = { market: SPEC_PRICING, restaurant: NO_RESTAURANT_RULES, distanceKm: null };

/** The distance fees are priced on: one decimal place, as every page shows it. */
export const pricedKm = (km: number) => Math.round(km * 10) / 10;

/** The delivery fee (before any waiver) of a delivery `distanceKm` away under `market`. */
export function deliveryFeeAt(market: MarketPricing, distanceKm: number | null): number {
  if (market.mode === "flat" || distanceKm === null) return market.flatFeeCents;
  const km = pricedKm(distanceKm);
  const band = market.bands.find((b) => km <= b.upToKm);
  return band ? band.feeCents : market.baseFeeCents + Math.round(market.perKmCents * km);
}

export type Tip = { percent: number } | { cents: number };

/** Every part of an order's price; `deliveryWaivedCents` (free delivery the restaurant pays for) comes off the total. */
export type FullPrice = {
  subtotalCents: number;
  deliveryFeeCents: number;
  priorityFeeCents: number;
  serviceFeeCents: number;
  smallOrderFeeCents: number;
  tipCents: number;
  deliveryWaivedCents: number;
  /** The km the delivery fee was priced on (null: a flat fee, a pickup or an unknown distance). */
  distanceKm: number | null;
  totalCents: number;
};

/** Whether the restaurant's free delivery applies to this subtotal (a delivery only). */
export const freeDeliveryApplies = (restaurant: RestaurantPricing, subtotalCents: number, deliveryOption: DeliveryOption) =>
  deliveryOption !== "pickup" && restaurant.freeDeliveryOverCents !== null && subtotalCents >= restaurant.freeDeliveryOverCents;

/**
 * The one price rule: subtotal + delivery fee (the market's, at the distance) + priority surcharge
 * + service fee + small-order fee + tip - the delivery fee the restaurant waives. A pickup has no
 * delivery, priority or small-order fee. The tip's presets and the service fee are percentages of
 * the item subtotal.
 */
export function priceWith(context: PricingContext, subtotalCents: number, deliveryOption: DeliveryOption, tip: Tip): FullPrice {
  const { market, restaurant } = context;
  const delivering = deliveryOption !== "pickup";
  const byDistance = delivering && market.mode === "distance" && context.distanceKm !== null;
  const deliveryFeeCents = delivering ? deliveryFeeAt(market, context.distanceKm) : 0;
  const priorityFeeCents = deliveryOption === "priority" ? PRIORITY_FEE_CENTS : 0;
  const serviceFeeCents = percentOf(subtotalCents, market.serviceFeePercent);
  const smallOrderFeeCents = delivering && subtotalCents < market.smallOrderUnderCents ? market.smallOrderFeeCents : 0;
  const tipCents = "percent" in tip ? percentOf(subtotalCents, tip.percent) : tip.cents;
  const deliveryWaivedCents = freeDeliveryApplies(restaurant, subtotalCents, deliveryOption) ? deliveryFeeCents : 0;
  return {
    subtotalCents,
    deliveryFeeCents,
    priorityFeeCents,
    serviceFeeCents,
    smallOrderFeeCents,
    tipCents,
    deliveryWaivedCents,
    distanceKm: byDistance ? pricedKm(context.distanceKm!) : null,
    totalCents: subtotalCents + deliveryFeeCents + priorityFeeCents + serviceFeeCents + smallOrderFeeCents + tipCents - deliveryWaivedCents,
  };
}

/** How much a subtotal is short of the restaurant's minimum order (0: none short). */
export const minimumShortCents = (restaurant: RestaurantPricing, subtotalCents: number) =>
  restaurant.minOrderCents === null ? 0 : Math.max(0, restaurant.minOrderCents - subtotalCents);

/** The 422 of an order below the restaurant's minimum (beside `subtotal`), and the checkout page's note. */
export const minimumOrderMessage = (name: string, minOrderCents: number, shortCents: number, currency = "USD") =>
  `${name}'s minimum order is ${formatCents(minOrderCents, { currency })} (items before fees): add ${formatCents(shortCents, { currency })} more`;

/** Whether nothing is set: the spec's prices and the spec's texts. */
export function isSpecRule(market: MarketPricing, restaurant: RestaurantPricing = NO_RESTAURANT_RULES): boolean {
  const spec = SPEC_PRICING;
  return (
    market.mode === spec.mode &&
    market.flatFeeCents === spec.flatFeeCents &&
    market.smallOrderFeeCents === 0 &&
    market.serviceFeePercent === spec.serviceFeePercent &&
    restaurant.minOrderCents === null &&
    restaurant.freeDeliveryOverCents === null
  );
}
