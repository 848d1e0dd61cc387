// Delivery only (docs/architecture/api-keys.md "Delivery only"): a restaurant's own website or
// point of sale asks Nosh for a courier. The quote's life, the pickup's reach, the credit a
// restaurant's balance has for fees, the statuses a delivery goes through and their words. No server code.
import { formatCents } from "./money";

/** A quote can be accepted for this long. */
export const QUOTE_VALID_MINUTES = 5;
/** A pickup time at most this far ahead (the kitchen's estimate's own ceiling, PREP_MINUTES.max). */
export const PICKUP_AHEAD_MAX_MINUTES = 90;
/** How far below zero the fees may take a restaurant's balance (settled from its next earnings, like a claw-back). */
export const DELIVERY_CREDIT_CENTS = 200_00;

export const DELIVERY_STATUSES = ["finding_courier", "courier_assigned", "courier_at_pickup", "picked_up", "delivered", "failed", "canceled"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** What the tracking page and the API's `statusText` say of each status. */
export const DELIVERY_STATUS_TEXT: Record<DeliveryStatus, string> = {
  finding_courier: "Finding a courier",
  courier_assigned: "A courier is on the way to the restaurant",
  courier_at_pickup: "The courier is at the restaurant",
  picked_up: "On the way to you",
  delivered: "Delivered",
  failed: "The courier could not deliver it",
  canceled: "Canceled",
};

export const DELIVERY_MESSAGES = {
  quoteUnknown: "Unknown quote: ask for a new one",
  quoteExpired: `This quote has expired (quotes last ${QUOTE_VALID_MINUTES} minutes): ask for a new one`,
  quoteTaken: "This quote was already accepted: read the delivery it became",
  noPlace: "Set your restaurant's address first: couriers need to know where to pick up",
  credit: `Your restaurant's balance cannot cover this delivery's fee: it may go at most ${formatCents(DELIVERY_CREDIT_CENTS)} below zero`,
  pickedUp: "The courier has already picked this delivery up, so it can no longer be canceled",
  closed: "This delivery is already closed",
} as const;
