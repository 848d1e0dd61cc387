import "server-only";
import type { DeliveryEventDetail, DeliveryEventName } from "@/lib/shared/delivery/delivery";
import type { OrderEventRow } from "../order-events/write";

// A delivery event's OrderEvent rows (docs/architecture/couriers.md "Events"), written by the
// order's one event writer, order-events/write.ts insertOrderEvents().

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
