import "server-only";
import type { DeliveryEventDetail, DeliveryEventName } from "@/lib/shared/delivery";
import { localEventWritten } from "../order-events/local-writes";
import { config } from "../platform/config";
import type { Sql } from "../platform/sql";
import { notificationsOfEvents } from "../notifications/of-events";
import { notificationInsert, wakeUpValues } from "../notifications/outbox";

// The one INSERT of an OrderEvent row, shared by the order stages (orders/transition.ts
// recordStage) and the delivery events (docs/architecture/couriers.md "Events"): a stage row has
// no detail; a delivery event's detail is its JSON. This process's hub is woken at once.

export type OrderEventRow = { orderId: number; userId: number; restaurantId: number | null; stage: string; detail?: DeliveryEventDetail | null };

/** Writes the rows (one statement) in the caller's transaction. */
export async function insertOrderEvents(sql: Sql, rows: readonly OrderEventRow[], now: Date): Promise<void> {
  if (!rows.length) return;
  // NOTIFY_OUTBOX=off (the bench's A/B of the outbox's cost only): no notifications.
  const notifications = config().notifications.outbox ? notificationsOfEvents(rows, now) : [];
  const wake = wakeUpValues(notifications, now);
  const values = [...rows.map(() => "(?, ?, ?, ?, ?, ?)"), ...wake.values].join(", ");
  await sql.all(`INSERT INTO "OrderEvent" ("orderId", "userId", "restaurantId", "stage", "detail", "at") VALUES ${values}`, [
    ...rows.flatMap((row) => [row.orderId, row.userId, row.restaurantId, row.stage, row.detail ? JSON.stringify(row.detail) : null, now]),
    ...wake.params,
  ]);
  const outbox = notificationInsert(notifications, now);
  if (outbox) await sql.all(outbox.text, outbox.params);
  localEventWritten();
}

/** A job as its events need it. */
export type JobParties = { id: number; orderId: number; userId: number; restaurantId: number | null };

/** An event on the order's streams (the customer's and the restaurant's). */
export const orderEvent = (job: JobParties, stage: DeliveryEventName, detail?: DeliveryEventDetail): OrderEventRow => ({
  orderId: job.orderId,
  userId: job.userId,
  restaurantId: job.restaurantId,
  stage,
  detail: detail ?? null,
});

/** An event for one courier (their userId, no restaurant): job_offered, job_withdrawn, job_canceled. */
export const courierEvent = (job: JobParties, courierId: number, stage: DeliveryEventName, detail: DeliveryEventDetail = {}): OrderEventRow => ({
  orderId: job.orderId,
  userId: courierId,
  restaurantId: null,
  stage,
  detail: { jobId: job.id, ...detail },
});
