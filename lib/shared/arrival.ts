import { DELIVERY_ESTIMATE_MINUTES, PICKUP_ESTIMATE, SCHEDULE_SLOT_MINUTES } from "./constants";

// When a placed order should arrive (docs/architecture/order-stages.md, "Order stages"). Until the
// restaurant accepts: priority 15-30 min and standard 20-35 min after it was placed. Once it
// accepts with a preparation estimate: the kitchen's ready time plus the restaurant's delivery
// time (its `deliveryTime`, minutes; priority 5 minutes sooner), a 10-minute window ending
// there. A scheduled order arrives within its 30-minute slot whatever the stage: the kitchen
// prepares for the slot. Shared by the order page and the order JSON.
//
// A pickup's window is when it is ready to collect at the restaurant: a scheduled pickup its
// slot; once accepted, the kitchen's ready time to 10 minutes after; before that, the
// restaurant's pickup estimate after placing (pickupEstimateMinutes: half its delivery time,
// the kitchen's share of it, rounded to 5 minutes, at least 10, a 5-minute window).

export type ArrivalWindow = { from: string; to: string; scheduled: boolean };

type ArrivalInput = {
  status: string;
  deliveryOption: string | null;
  scheduledFor: Date | null;
  submittedAt: Date | null;
  /** Set once the restaurant accepted with a preparation estimate. */
  estimatedReadyAt?: Date | null;
  /** The restaurant's delivery time in minutes (null once the restaurant is deleted). */
  deliveryMinutes?: number | null;
};

const MINUTE = 60_000;
const WINDOW_MINUTES = 10;
const PRIORITY_SAVES_MINUTES = 5;
const DEFAULT_DELIVERY_MINUTES = 30;

/** A restaurant's pickup estimate in minutes after ordering, from its delivery time: [15, 20] for 30 minutes. */
export function pickupEstimateMinutes(deliveryMinutes: number | null | undefined): [number, number] {
  const kitchen = Math.max(PICKUP_ESTIMATE.minMinutes, Math.round((deliveryMinutes ?? DEFAULT_DELIVERY_MINUTES) / 2 / 5) * 5);
  return [kitchen, kitchen + PICKUP_ESTIMATE.windowMinutes];
}

/** "Pickup 15-20 min" (the cards, the restaurant page and the cart in pickup mode). */
export function pickupEstimateText(deliveryMinutes: number | null | undefined): string {
  const [min, max] = pickupEstimateMinutes(deliveryMinutes);
  return `${min}-${max} min`;
}

/** The expected arrival of a Submitted order (any open stage), as ISO instants; null for any other status. */
export function arrivalWindow(order: ArrivalInput): ArrivalWindow | null {
  if (order.status !== "Submitted") return null;
  if ((order.deliveryOption === "schedule" || order.deliveryOption === "pickup") && order.scheduledFor) {
    const start = order.scheduledFor.getTime();
    return { from: new Date(start).toISOString(), to: new Date(start + SCHEDULE_SLOT_MINUTES * MINUTE).toISOString(), scheduled: true };
  }
  if (order.deliveryOption === "pickup") {
    if (order.estimatedReadyAt) {
      const ready = order.estimatedReadyAt.getTime();
      return { from: new Date(ready).toISOString(), to: new Date(ready + WINDOW_MINUTES * MINUTE).toISOString(), scheduled: false };
    }
    if (!order.submittedAt) return null;
    const [min, max] = pickupEstimateMinutes(order.deliveryMinutes);
    const placed = order.submittedAt.getTime();
    return { from: new Date(placed + min * MINUTE).toISOString(), to: new Date(placed + max * MINUTE).toISOString(), scheduled: false };
  }
  const priority = order.deliveryOption === "priority";
  if (order.estimatedReadyAt) {
    const leg = Math.max(WINDOW_MINUTES, (order.deliveryMinutes ?? DEFAULT_DELIVERY_MINUTES) - (priority ? PRIORITY_SAVES_MINUTES : 0));
    const to = order.estimatedReadyAt.getTime() + leg * MINUTE;
    return { from: new Date(to - WINDOW_MINUTES * MINUTE).toISOString(), to: new Date(to).toISOString(), scheduled: false };
  }
  if (!order.submittedAt) return null;
  const [min, max] = DELIVERY_ESTIMATE_MINUTES[priority ? "priority" : "standard"];
  const placed = order.submittedAt.getTime();
  return { from: new Date(placed + min * MINUTE).toISOString(), to: new Date(placed + max * MINUTE).toISOString(), scheduled: false };
}

/** The longest kitchen lead a restaurant can have: its delivery time's maximum (minutes). */
export const MAX_KITCHEN_LEAD_MINUTES = 180;

/**
 * When the kitchen should start on a placed order, from which the restaurant's accept timer runs:
 * an order for now at once (when it was placed); a scheduled one its lead before the slot (a
 * delivery the restaurant's delivery time, which ends at the door; a pickup the kitchen's share,
 * pickupEstimateMinutes), never before it was placed.
 */
export function kitchenStartAt(order: { submittedAt: Date; scheduledFor: Date | null; pickup: boolean }, deliveryMinutes: number | null | undefined): Date {
  if (!order.scheduledFor) return order.submittedAt;
  const lead = order.pickup ? pickupEstimateMinutes(deliveryMinutes)[0] : Math.min(MAX_KITCHEN_LEAD_MINUTES, deliveryMinutes ?? DEFAULT_DELIVERY_MINUTES);
  return new Date(Math.max(order.submittedAt.getTime(), order.scheduledFor.getTime() - lead * MINUTE));
}
