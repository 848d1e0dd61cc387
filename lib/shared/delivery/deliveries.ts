import { said } from "@/lib/shared/words/said";
// Delivery only (docs/architecture/api-keys.md "Delivery only"): a restaurant's own website or
// point of sale asks Nosh for a courier. The quote's life, the pickup's reach, the ways a delivery
// is paid up front, the statuses a delivery goes through and their words. No server code.

/** A quote can be accepted for this long. */
export const QUOTE_VALID_MINUTES = 5;
/** A pickup time at most this far ahead (the kitchen's estimate's own ceiling, PREP_MINUTES.max). */
export const PICKUP_AHEAD_MAX_MINUTES = 90;
/**
 * How a delivery's fee and tip are paid, up front, on accepting its quote (never on credit):
 * `earnings`, the restaurant's available earnings (what a payout could take now), never more;
 * `card`, the restaurant owner's default saved card, charged through the payment provider.
 */
export const PAY_WITH = ["earnings", "card"] as const;
export type PayWith = (typeof PAY_WITH)[number];

export const DELIVERY_STATUSES = ["finding_courier", "courier_assigned", "courier_at_pickup", "picked_up", "delivered", "failed", "canceled"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const DELIVERY_SAID = {
  quoteExpired: said("messages.quoteExpired", { minutes: QUOTE_VALID_MINUTES }),
  openMax: (max: number) => said("messages.deliveryOpenMax", { max: max }),
  openMaxUnverified: (max: number) => said("messages.deliveryOpenMaxUnverified", { max: max }),
} as const;
