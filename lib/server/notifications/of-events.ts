import "server-only";
import type { NotificationKind } from "@/lib/shared/people/notifications";
import type { NotificationInput } from "./outbox";

// Which order event tells whom what (docs/architecture/notifications.md "Written with the change"). Pure: the
// rows are the ones order-events/write.ts is about to insert, so every stage on every path (the
// checkout, the owner's board, the sweep's expiry, a courier's steps, a closed restaurant) is
// told, and nothing else has to remember to.

/** The minimum of an OrderEvent row this needs (order-events/write.ts OrderEventRow). */
type EventRow = {
  orderId: number;
  userId: number;
  restaurantId: number | null;
  stage: string;
  detail?: { jobId?: number; courierId?: number; firstName?: string; dropoffPhoto?: boolean } | null;
};

const CUSTOMER_KIND: Partial<Record<string, NotificationKind>> = {
  placed: "order_receipt",
  accepted: "order_accepted",
  rejected: "order_rejected",
  ready: "order_ready",
  out_for_delivery: "order_out_for_delivery",
  delivered: "order_delivered",
  canceled: "order_canceled",
  expired: "order_expired",
};

const OWNER_KIND: Partial<Record<string, NotificationKind>> = {
  placed: "owner_new_order",
  canceled: "owner_order_canceled",
  expired: "owner_order_canceled",
};

export function notificationsOfEvents(rows: readonly EventRow[], now: Date): NotificationInput[] {
  const items: NotificationInput[] = [];
  for (const row of rows) {
    const payload = { orderId: row.orderId, restaurantId: row.restaurantId, stage: row.stage, ...(row.detail?.dropoffPhoto ? { dropoffPhoto: true } : {}) };
    const cause = `order:${row.orderId}:${row.stage}`;
    const customer = CUSTOMER_KIND[row.stage];
    if (customer) items.push({ to: { userId: row.userId }, kind: customer, cause, payload, orderId: row.orderId });
    const owner = OWNER_KIND[row.stage];
    if (owner && row.restaurantId !== null) items.push({ to: { ownerOf: row.restaurantId }, kind: owner, cause, payload, orderId: row.orderId });
    // The courier's progress: heading to the restaurant, each courier assigned told once.
    if (row.stage === "courier_assigned") {
      const name = row.detail?.firstName;
      items.push({
        to: { userId: row.userId },
        kind: "order_courier_update",
        cause: `${cause}:${row.detail?.courierId ?? name ?? ""}`,
        payload: { ...payload, courierName: name },
        orderId: row.orderId,
      });
    }
    if (row.stage === "job_offered") {
      // A job may be offered to the same courier again after an offer ran out: each offer is its own cause.
      const jobId = row.detail?.jobId;
      items.push({
        to: { userId: row.userId },
        kind: "courier_offer",
        cause: `offer:${jobId ?? row.orderId}:${now.getTime()}`,
        payload: { orderId: row.orderId, jobId },
        orderId: row.orderId,
      });
    }
  }
  return items;
}

/** A delivery job as the courier's progress notifications need it. */
type JobOf = { orderId: number; userId: number; restaurantId: number | null };

/**
 * "Dev picked up your order": the order's "on its way" (order_out_for_delivery, the customer's
 * preference for it) naming the courier. Written before the out_for_delivery stage's row in the
 * pickup's transaction: the same cause, so the customer is told once, with the name.
 */
export const courierPickedUpNotification = (job: JobOf, courierName: string): NotificationInput => ({
  to: { userId: job.userId },
  kind: "order_out_for_delivery",
  cause: `order:${job.orderId}:out_for_delivery`,
  payload: { orderId: job.orderId, restaurantId: job.restaurantId, stage: "out_for_delivery", courierName },
  orderId: job.orderId,
});

/** "Dev is arriving": the food came within ARRIVING_WITHIN_KM of the door; one cause per order, so told once. */
export const courierArrivingNotification = (job: JobOf, courierName: string): NotificationInput => ({
  to: { userId: job.userId },
  kind: "order_courier_update",
  cause: `order:${job.orderId}:courier_arriving`,
  payload: { orderId: job.orderId, restaurantId: job.restaurantId, stage: "courier_arriving", courierName },
  orderId: job.orderId,
});
