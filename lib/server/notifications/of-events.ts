import "server-only";
import type { NotificationKind } from "@/lib/shared/notifications";
import type { NotificationInput } from "./outbox";

// Which order event tells whom what (docs/architecture/notifications.md "Causes"). Pure: the
// rows are the ones order-events/write.ts is about to insert, so every stage on every path (the
// checkout, the owner's board, the sweep's expiry, a courier's steps, a closed restaurant) is
// told, and nothing else has to remember to.

/** The minimum of an OrderEvent row this needs (order-events/write.ts OrderEventRow). */
type EventRow = { orderId: number; userId: number; restaurantId: number | null; stage: string; detail?: { jobId?: number } | null };

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
    const payload = { orderId: row.orderId, restaurantId: row.restaurantId, stage: row.stage };
    const cause = `order:${row.orderId}:${row.stage}`;
    const customer = CUSTOMER_KIND[row.stage];
    if (customer) items.push({ to: { userId: row.userId }, kind: customer, cause, payload, orderId: row.orderId });
    const owner = OWNER_KIND[row.stage];
    if (owner && row.restaurantId !== null) items.push({ to: { ownerOf: row.restaurantId }, kind: owner, cause, payload, orderId: row.orderId });
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
