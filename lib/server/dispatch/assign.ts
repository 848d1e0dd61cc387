import "server-only";
import { db } from "../platform/db";
import { ApiError, conflict, notFound } from "../platform/errors";
import { sqlOf } from "../platform/sql";
import { getOwnedRestaurant, type Actor } from "../team/owned";
import { recordOrderAction } from "../team/order-actions";
import { insertOrderEvents } from "../order-events/write";
import { courierEvent, orderEvent } from "./events";
import { holdJob } from "./hold";
import { lockForAssignment } from "./queries/couriers";
import { moveJob } from "./transition";
import { documentsBlockOf } from "../onboarding/gate";
import { said } from "@/lib/shared/words/said";

export const NO_JOB = said("messages.noDeliveryJob");
export const COURIER_OFF_SHIFT = said("messages.courierOffShift");
export const COURIER_FULL = said("messages.courierFull");
export const COURIER_DOCUMENTS = said("messages.courierDocuments");

/**
 * The owner assigns a courier by hand (unassigned|offered -> assigned): the courier must be on
 * shift and under the job limit; an offer open to someone else is withdrawn first
 * (job_withdrawn). The courier hears job_offered `{ jobId, assigned: true }`, the order's
 * streams courier_assigned. Another restaurant's order, or someone who is not a courier, is a 404.
 */
export async function assignCourier(actor: Actor, restaurantId: number, orderId: number, courierId: number, now = new Date()): Promise<number> {
  try {
    return await assignOnce(actor, restaurantId, orderId, courierId, now);
  } catch (error) {
    // Raced by the tick on PostgreSQL: the job was offered to another courier, or its offer
    // expired, between this transaction's read and its move. Once more, on the job as it is now.
    if (!(error instanceof ApiError && error.code === "conflict")) throw error;
    const job = await db.deliveryJob.findUnique({ where: { orderId }, select: { state: true } });
    if (!job || !["unassigned", "offered"].includes(job.state)) throw error;
    return assignOnce(actor, restaurantId, orderId, courierId, now);
  }
}

function assignOnce(actor: Actor, restaurantId: number, orderId: number, courierId: number, now: Date): Promise<number> {
  return db.$transaction(async (tx) => {
    await getOwnedRestaurant(actor, restaurantId, tx);
    const order = await tx.order.findFirst({ where: { id: orderId, restaurantId }, select: { id: true } });
    if (!order) throw notFound(said("messages.orderNotFound"));
    const courier = await tx.user.findFirst({ where: { id: courierId, courier: true }, select: { id: true, firstName: true } });
    if (!courier) throw notFound(said("messages.courierNotFound"));
    const sql = sqlOf(tx);
    // The courier's row first, as an offer takes it (offer.ts): a tick offering this courier a job
    // waits for this assignment, and the two never take their locks in opposite orders (on
    // PostgreSQL that was a deadlock, a 503, when the tick offered the job the owner was assigning).
    const state = await lockForAssignment(sql, courierId, now);
    if (!state?.onShift) throw conflict(COURIER_OFF_SHIFT);
    if (await documentsBlockOf(courierId, now, tx)) throw conflict(COURIER_DOCUMENTS);
    const current = await tx.deliveryJob.findUnique({ where: { orderId } });
    if (!current) throw conflict(NO_JOB);
    const job = await moveJob(
      tx,
      current.id,
      { restaurantId },
      {
        from: ["unassigned", "offered"],
        where: { courierId: current.courierId },
        data: { state: "assigned", courierId, assignedAt: now, offerExpiresAt: null, batchId: null, batchExtraMinutes: null },
        conflict: (moved) =>
          ["assigned", "at_pickup", "picked_up"].includes(moved.state) ? "A courier already has this delivery" : "This delivery is over, so no courier can be assigned",
      },
    );
    await holdJob(sql, courierId, now, COURIER_FULL);
    await recordOrderAction(tx, actor, restaurantId, orderId, "courier_assigned", now);
    const events = [];
    if (current.state === "offered" && current.courierId !== null && current.courierId !== courierId) {
      await tx.deliveryOffer.updateMany({ where: { jobId: job.id, courierId: current.courierId, answer: null }, data: { answer: "withdrawn", answeredAt: now } });
      events.push(courierEvent(job, current.courierId, "job_withdrawn"));
    }
    await tx.deliveryOffer.updateMany({ where: { jobId: job.id, courierId, answer: null }, data: { answer: "accepted", answeredAt: now } });
    await tx.deliveryOffer.create({ data: { jobId: job.id, courierId, offeredAt: now, answer: "accepted", answeredAt: now } });
    events.push(courierEvent(job, courierId, "job_offered", { assigned: true }));
    events.push(orderEvent(job, "courier_assigned", { courierId, firstName: courier.firstName }));
    await insertOrderEvents(sql, events, now);
    return orderId;
  });
}
