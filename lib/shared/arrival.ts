import { DELIVERY_ESTIMATE_MINUTES, SCHEDULE_SLOT_MINUTES } from "./constants";

// When a placed order should arrive (docs/architecture.md, "Order stages"). Until the
// restaurant accepts: priority 15-30 min and standard 20-35 min after it was placed. Once it
// accepts with a preparation estimate: the kitchen's ready time plus the restaurant's delivery
// time (its `deliveryTime`, minutes; priority 5 minutes sooner), a 10-minute window ending
// there. A scheduled order arrives within its 30-minute slot whatever the stage: the kitchen
// prepares for the slot. Shared by the order page and the order JSON.

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

/** The expected arrival of a Submitted order (any open stage), as ISO instants; null for any other status. */
export function arrivalWindow(order: ArrivalInput): ArrivalWindow | null {
  if (order.status !== "Submitted") return null;
  if (order.deliveryOption === "schedule" && order.scheduledFor) {
    const start = order.scheduledFor.getTime();
    return { from: new Date(start).toISOString(), to: new Date(start + SCHEDULE_SLOT_MINUTES * MINUTE).toISOString(), scheduled: true };
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
