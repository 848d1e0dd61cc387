import type { OrderStatus } from "../constants";
import type { DeliveryEventDetail, DeliveryEventName } from "../delivery/delivery";
import { fill } from "../words/fill";
import type { StoredReason } from "@/lib/shared/words/stored-texts";

// The live lifecycle of a placed order, shared by the pages and the server
// (docs/architecture/order-stages.md, "Order stages"). `stage` is the one state an order stores
// (null while it is at checkout); the spec's `status` keeps its four values for existing clients
// and is derived from it by statusOf, never stored. Stages only move forward: the restaurant's owner accepts, rejects, marks ready, out
// for delivery and delivered; the customer may cancel only while the order is placed; an order
// nobody accepts in time expires.

export const ORDER_STAGES = ["placed", "accepted", "ready", "out_for_delivery", "delivered", "rejected", "canceled", "expired"] as const;
export type OrderStage = (typeof ORDER_STAGES)[number];

/** Stages of an order the restaurant still has to finish. */
export const OPEN_STAGES = ["placed", "accepted", "ready", "out_for_delivery"] as const satisfies readonly OrderStage[];
export type OpenStage = (typeof OPEN_STAGES)[number];

/** The status each stage answers with: delivered is Completed; the three ends without food are Canceled. */
export const STATUS_OF_STAGE = {
  placed: "Submitted",
  accepted: "Submitted",
  ready: "Submitted",
  out_for_delivery: "Submitted",
  delivered: "Completed",
  rejected: "Canceled",
  canceled: "Canceled",
  expired: "Canceled",
} as const satisfies Record<OrderStage, OrderStatus>;

/** The spec's status of an order, from its one stored state: no stage yet is Active (at checkout). */
export function statusOf(stage: string | null): OrderStatus {
  return stage === null ? "Active" : STATUS_OF_STAGE[stage as OrderStage];
}

export const PREP_MINUTES = { min: 5, max: 90, presets: [10, 20, 30] } as const;
/**
 * More time for an accepted order (the board's +5 / +10): the ready time and the customer's
 * arrival window move by as much; the whole preparation time stays at most `maxTotal` minutes
 * (the stored prepMinutes' CHECK, busy minutes included).
 */
export const PREP_CHANGE = { steps: [5, 10], maxTotal: PREP_MINUTES.max } as const;
/** The order event a prep change writes (beside the stages): the customer's page and the board read the order again. */
export const PREP_CHANGED_EVENT = "prep_changed";
/** Why an accepted order's window moved (its stored prepAddedMinutes): the order page says it after a reload and on every device; `text`: the reader's words (lines.order.kitchenAdded). */
export const kitchenAddedText = (minutes: number, text?: string) => (text ? fill(text, { minutes }) : `The kitchen added ${minutes} minutes`);

export const REJECTION_REASONS = ["out_of_stock", "too_busy", "closing"] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];
/** Each reason's key among the stored texts' choices (the catalogue's server.storedTexts.choices). */
export const REJECTION_REASON_KEYS = { out_of_stock: "outOfStock", too_busy: "tooBusy", closing: "closing" } as const satisfies Record<RejectionReason, string>;

/** The owner's rejection as stored: its reason's key, the note after it as typed ("Out of stock: no salmon today" in English). */
export const rejectionOf = (reason: RejectionReason, note?: string): StoredReason => ({ key: REJECTION_REASON_KEYS[reason], ...(note ? { values: { note } } : {}) });

// What the screens show of the lifecycle: the customer's order page and banner, the toasts, the
// owner's board (components/orders/live-order.tsx, components/owner/order-board.tsx).

/** The happy path, in order: what the customer's timeline lists ahead of the order. */
export const FORWARD_STAGES: readonly OrderStage[] = ["placed", "accepted", "ready", "out_for_delivery", "delivered"];
/** The three ends without food (status Canceled). */
export const ENDED_STAGES: readonly OrderStage[] = ["rejected", "canceled", "expired"];

/** The stages each status stands for (null: no stage, at checkout): what a question about the spec's status asks of `stage`. */
export const STAGES_OF_STATUS: Record<OrderStatus, readonly OrderStage[] | null> = {
  Active: null,
  Submitted: OPEN_STAGES,
  Completed: ["delivered"],
  Canceled: ENDED_STAGES,
};

/**
 * Stages of an order the restaurant accepted that did not end canceled: its sales. Insights count
 * only these (an order nobody accepted yet, or one rejected, canceled or expired, sold nothing).
 */
export const ACCEPTED_STAGES = ["accepted", "ready", "out_for_delivery", "delivered"] as const satisfies readonly OrderStage[];

export const isOpenStage = (stage: string | null | undefined): boolean => (OPEN_STAGES as readonly string[]).includes(stage ?? "");

// A pickup order (deliveryOption "pickup") skips out_for_delivery: ready -> delivered. The stored
// stage stays `delivered` (status Completed) so clients and reviews keep working; every screen
// names it "Picked up", and ready "Ready for pickup", through stageLabel.

export const isPickup = (order: { deliveryOption?: string | null }): boolean => order.deliveryOption === "pickup";

/** The happy path of this order: a pickup has no out_for_delivery. */
export function forwardStages(deliveryOption: string | null | undefined): readonly OrderStage[] {
  return deliveryOption === "pickup" ? FORWARD_STAGES.filter((stage) => stage !== "out_for_delivery") : FORWARD_STAGES;
}

/** The owner's step after `stage` on the happy path of this order (ready -> delivered for a pickup), or null at the end. */
export function nextForwardStage(stage: OrderStage, deliveryOption: string | null | undefined): OrderStage | null {
  const path = forwardStages(deliveryOption);
  const at = path.indexOf(stage);
  return at >= 0 && at < path.length - 1 ? path[at + 1] : null;
}

/**
 * The steps still ahead of an open order at `stage`: the happy path's steps after it. A step the
 * order went past without taking (a courier's pickup moves an accepted order straight to
 * out_for_delivery, skipping ready) is not ahead any more, so the timeline never lists it after
 * the current one.
 */
export function stagesAhead(stage: OrderStage, deliveryOption: string | null | undefined): readonly OrderStage[] {
  const path = forwardStages(deliveryOption);
  const at = path.indexOf(stage);
  return at < 0 ? [] : path.slice(at + 1);
}

/**
 * The timeline's steps as shown. A courier who took the order before the kitchen marked it ready
 * (the kitchen handed it over: the delivery's `handedOverEarly`) leaves no ready step: it is
 * shown at the pickup's time, marked `early`, rather than skipped.
 */
export function timelineSteps(timeline: readonly { stage: OrderStage; at: string }[], handedOverEarly: boolean): { stage: OrderStage; at: string; early?: true }[] {
  if (!handedOverEarly || timeline.some((step) => step.stage === "ready")) return [...timeline];
  return timeline.flatMap((step) => (step.stage === "out_for_delivery" ? [{ stage: "ready" as const, at: step.at, early: true as const }, step] : [step]));
}

/** Which words: the short label (badges, the board), the customer's timeline step, or the order page's headline. */
export type StageWording = "label" | "timeline" | "headline";

const PICKUP_KEYS = { label: "pickupLabel", timeline: "pickupTimeline", headline: "pickupHeadline" } as const;
/** The stages' words in the reader's language: the catalogue's order namespace, from the server. */
export type StageWords = Record<StageWording, Record<OrderStage, string>> & Record<(typeof PICKUP_KEYS)[StageWording], Partial<Record<OrderStage, string>>>;

/** The one name of a stage on every screen, in `words`' language: "Picked up" rather than "Delivered" for a pickup order. */
export function stageLabel(stage: OrderStage, deliveryOption: string | null | undefined, wording: StageWording, words: StageWords): string {
  return (deliveryOption === "pickup" ? words[PICKUP_KEYS[wording]][stage] : undefined) ?? words[wording][stage];
}

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

/** The stage of an order JSON, also of one from before the stages (status only). */
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

/**
 * A live event as the three streams send it (`event: order`): a stage, or a delivery event
 * (lib/shared/delivery/delivery.ts) with its `detail` (courier_position: `{ lat, lng }`).
 */
export type OrderEventJson = {
  id: number;
  orderId: number;
  restaurantId: number | null;
  stage: OrderStage | DeliveryEventName;
  at: string;
  detail?: DeliveryEventDetail | null;
  /** On the person's one stream (GET /api/events): a row naming them (their order, bell, job), not one of their restaurants' orders. */
  mine?: boolean;
};

/** Whether a stream's event is one of the order's stages (not a delivery event). */
export const isStageEvent = (event: { stage: string }): event is { stage: OrderStage } => (ORDER_STAGES as readonly string[]).includes(event.stage);
