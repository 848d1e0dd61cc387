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

export const DELIVERY_MESSAGES = {
  quoteUnknown: "Unknown quote: ask for a new one",
  quoteExpired: `This quote has expired (quotes last ${QUOTE_VALID_MINUTES} minutes): ask for a new one`,
  quoteTaken: "This quote was already accepted: read the delivery it became",
  noPlace: "Set your restaurant's address first: couriers need to know where to pick up",
  nothingPays:
    "Nothing can pay for this delivery: your restaurant has no earnings available to cover it and its owner has no saved card. Nosh gives no credit: add a card, or ask once your earnings cover it",
  earningsShort: "Your restaurant's available earnings cannot cover this delivery's fee and tip: pay it by card",
  noCard: "Your restaurant's owner has no saved card to pay for this delivery: add one, or pay from your earnings",
  cardChallenge: "The owner's card asks for the bank's confirmation, which a delivery request cannot give: make another card the default",
  openMax: (max: number) => `Your restaurants already have ${max} deliveries on their way, the most at once. Ask for the next once one is delivered or canceled`,
  openMaxUnverified: (max: number) => `Your restaurants already have ${max} deliveries on their way, the most at once until the owner's email address is verified`,
  pickedUp: "The courier has already picked this delivery up, so it can no longer be canceled",
  courierOnly: "This order is a delivery request: a Nosh courier carries it. Cancel the request if your own staff take it",
  closed: "This delivery is already closed",
} as const;
