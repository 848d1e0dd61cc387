// The live lifecycle of a placed order, shared by the pages and the server (README, "Order
// stages"). `status` keeps its four values for existing clients; `stage` says where a submitted
// order is. Stages only move forward: the restaurant's owner accepts, rejects, marks ready, out
// for delivery and delivered; the customer may cancel only while the order is placed; an order
// nobody accepts in time expires.

export const ORDER_STAGES = ["placed", "accepted", "ready", "out_for_delivery", "delivered", "rejected", "canceled", "expired"] as const;
export type OrderStage = (typeof ORDER_STAGES)[number];

/** Stages of an order the restaurant still has to finish. */
export const OPEN_STAGES = ["placed", "accepted", "ready", "out_for_delivery"] as const satisfies readonly OrderStage[];
export type OpenStage = (typeof OPEN_STAGES)[number];

/** The status each stage keeps `status` at: delivered is Completed; the three ends without food are Canceled. */
export const STATUS_OF_STAGE = {
  placed: "Submitted",
  accepted: "Submitted",
  ready: "Submitted",
  out_for_delivery: "Submitted",
  delivered: "Completed",
  rejected: "Canceled",
  canceled: "Canceled",
  expired: "Canceled",
} as const satisfies Record<OrderStage, string>;

export const STAGE_LABELS: Record<OrderStage, string> = {
  placed: "Placed",
  accepted: "Preparing",
  ready: "Ready",
  out_for_delivery: "Out for delivery",
  delivered: "Delivered",
  rejected: "Rejected",
  canceled: "Canceled",
  expired: "Not confirmed",
};

export const PREP_MINUTES = { min: 5, max: 90, presets: [10, 20, 30] } as const;

export const REJECTION_REASONS = ["out_of_stock", "too_busy", "closing"] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];
export const REJECTION_REASON_LABELS: Record<RejectionReason, string> = {
  out_of_stock: "Out of stock",
  too_busy: "Too busy",
  closing: "Closing",
};

/** What the customer reads: "Out of stock: no salmon today", or the label alone without a note. */
export function rejectionText(reason: RejectionReason, note?: string): string {
  const label = REJECTION_REASON_LABELS[reason];
  return note ? `${label}: ${note}` : label;
}

export const EXPIRED_REASON = "The restaurant did not confirm your order";
/** The rejection reason of a restaurant's legacy cancel (PUT /api/manage/{id}/orders/{orderId}). */
export const CANCELED_BY_RESTAURANT_REASON = "The restaurant canceled your order";
/** An open order of a restaurant that is deleted. */
export const RESTAURANT_CLOSED_REASON = "The restaurant has closed";
