import { formatTime } from "./format-date";

// The live order lifecycle as the screens show it (client-safe): the stages an order moves
// through once placed, their words for the customer and the kitchen, and the fields every
// order JSON carries for them (see the README's API section for who may move which stage).

export type OrderStage = "placed" | "accepted" | "ready" | "out_for_delivery" | "delivered" | "rejected" | "canceled" | "expired";

/** Where a submitted order is going: the restaurant's next step or the customer's wait. */
export const OPEN_STAGES: readonly OrderStage[] = ["placed", "accepted", "ready", "out_for_delivery"];
/** The happy path, in order: what the customer's timeline lists ahead of the order. */
export const FORWARD_STAGES: readonly OrderStage[] = ["placed", "accepted", "ready", "out_for_delivery", "delivered"];

export const isOpenStage = (stage: string | null | undefined): boolean => OPEN_STAGES.includes(stage as OrderStage);

/** A step of the customer's timeline, for the customer. */
export const STAGE_LABELS: Record<OrderStage, string> = {
  placed: "Order placed",
  accepted: "Accepted by the restaurant",
  ready: "Ready",
  out_for_delivery: "Out for delivery",
  delivered: "Delivered",
  rejected: "Declined by the restaurant",
  canceled: "Canceled",
  expired: "Not confirmed by the restaurant",
};

/** The order page's headline (it names the status region: "Your order ...", "Your food ..."). */
export const STAGE_HEADLINES: Record<OrderStage, string> = {
  placed: "Your order is placed",
  accepted: "Your order is being prepared",
  ready: "Your order is ready",
  out_for_delivery: "Your food is on its way",
  delivered: "Your order was delivered",
  rejected: "Your order was declined",
  canceled: "Your order was canceled",
  expired: "Your order was not confirmed",
};

/** The live banner's words for an open order. */
export const STAGE_SHORT: Record<OrderStage, string> = {
  placed: "Waiting for the restaurant to confirm",
  accepted: "Being prepared",
  ready: "Ready, waiting for the courier",
  out_for_delivery: "On its way",
  delivered: "Delivered",
  rejected: "Declined",
  canceled: "Canceled",
  expired: "Not confirmed",
};

/** Why the owner rejects (the stage route's `reason`), in the words of the board's choices. */
export const REJECTION_REASONS = [
  { value: "out_of_stock", label: "Out of stock" },
  { value: "too_busy", label: "Too busy" },
  { value: "closing", label: "Closing" },
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number]["value"];

/** The preparation estimate an owner gives on accepting (minutes). */
export const PREP_MINUTES = { min: 5, max: 90, presets: [10, 20, 30] } as const;

/** A custom preparation estimate's error, or null when it is a whole number from 5 to 90. */
export function prepMinutesError(raw: string): string | null {
  const text = raw.trim();
  if (!/^\d+$/.test(text) || Number(text) < PREP_MINUTES.min || Number(text) > PREP_MINUTES.max) {
    return `Preparation time must be a whole number of minutes from ${PREP_MINUTES.min} to ${PREP_MINUTES.max}`;
  }
  return null;
}

/** The lifecycle fields of an order JSON (GET /api/orders/{id}, the board, the open orders). */
export type LiveOrderFields = {
  stage?: OrderStage | null;
  prepMinutes?: number | null;
  estimatedReadyAt?: string | null;
  estimatedArrivalFrom?: string | null;
  estimatedArrivalTo?: string | null;
  rejectionReason?: string | null;
  timeline?: { stage: OrderStage; at: string }[];
};

/** The stage of an order JSON, also from a server that predates the stages (status only). */
export function stageOf(order: { status: string } & LiveOrderFields): OrderStage | null {
  if (order.stage) return order.stage;
  switch (order.status) {
    case "Submitted":
      return "placed";
    case "Completed":
      return "delivered";
    case "Canceled":
      return "canceled";
    default:
      return null;
  }
}

/** "6:15 PM – 6:40 PM", or null while the order has no window (closed, or still at checkout). */
export function arrivalText(order: LiveOrderFields): string | null {
  if (!order.estimatedArrivalFrom || !order.estimatedArrivalTo) return null;
  return `${formatTime(order.estimatedArrivalFrom)} – ${formatTime(order.estimatedArrivalTo)}`;
}

/** A live event as the three streams send it (`event: order`). */
export type OrderEventJson = { id: number; orderId: number; restaurantId: number | null; stage: OrderStage; at: string };

/** The toast a customer sees for a step of one of their orders, on whatever page they are. */
export function stageToast(orderId: number, stage: OrderStage): string {
  switch (stage) {
    case "placed":
      return `Order #${orderId} was placed`;
    case "accepted":
      return `Order #${orderId} was accepted and is being prepared`;
    case "ready":
      return `Order #${orderId} is ready`;
    case "out_for_delivery":
      return `Order #${orderId} is out for delivery`;
    case "delivered":
      return `Order #${orderId} was delivered`;
    case "rejected":
      return `Order #${orderId} was declined by the restaurant`;
    case "canceled":
      return `Order #${orderId} was canceled`;
    case "expired":
      return `Order #${orderId} was canceled: the restaurant did not confirm it`;
  }
}
