import { DELIVERY_ESTIMATE_MINUTES, SCHEDULE_SLOT_MINUTES } from "./constants";

// When a placed order should arrive: priority 15-30 min and standard 20-35 min
// after it was placed; a scheduled order within its 30-minute slot. Shared by the order page
// and, later, its live stages.

export type ArrivalWindow = { from: string; to: string; scheduled: boolean };

type ArrivalInput = { status: string; deliveryOption: string | null; scheduledFor: Date | null; submittedAt: Date | null };

const MINUTE = 60_000;

/** The expected arrival of a Submitted order, as ISO instants; null for any other status. */
export function arrivalWindow(order: ArrivalInput): ArrivalWindow | null {
  if (order.status !== "Submitted") return null;
  if (order.deliveryOption === "schedule" && order.scheduledFor) {
    const start = order.scheduledFor.getTime();
    return { from: new Date(start).toISOString(), to: new Date(start + SCHEDULE_SLOT_MINUTES * MINUTE).toISOString(), scheduled: true };
  }
  if (!order.submittedAt) return null;
  const [min, max] = DELIVERY_ESTIMATE_MINUTES[order.deliveryOption === "priority" ? "priority" : "standard"];
  const placed = order.submittedAt.getTime();
  return { from: new Date(placed + min * MINUTE).toISOString(), to: new Date(placed + max * MINUTE).toISOString(), scheduled: false };
}
