import "server-only";
import { moveOrder, wrongStage } from "../orders/transition";
import { db } from "../platform/db";
import { appLog } from "../platform/log";
import { removePrivatePicture } from "../platform/pictures";
import { checkAtStop } from "./at-stop";
import { assertDropoffProof, storeDropoffPhoto } from "./dropoff-photo";
import { keepDoorPhoto } from "../dispatch/door-photo";
import type { Courier } from "../dispatch/courier";
import type { PositionPoint } from "../dispatch/positions";
import { releaseJobSlotReadingFix } from "../dispatch/queries/couriers";
import { jobJson, type JobJson } from "../dispatch/read";
import { courierJobMove, wrongJobState } from "../dispatch/transition";
import { assertCashCollected } from "./cash";

/**
 * picked_up -> delivered: the order moves out_for_delivery -> delivered, and its money is split
 * (transition() settles it: lib/server/ledger/orders.ts), the courier's account credited the job's
 * pay (delivery and priority fees, tip), all in one transaction: the job's conditional update
 * lets exactly one call through, and the settlement is keyed by the order, so the pay is credited once.
 * At the drop-off: a recent position near it, else a 409; `confirm`ed, the delivery is flagged
 * (at-stop.ts; `position`, the app's newest fix, counts too): the order is delivered for the customer, but the courier's share stays in clearing
 * until an operator approves or refuses it (operators/deliveries.ts). `photo`: the drop-off photo
 * already stored (dropoff-photo.ts), required for a "Leave it at my door" order (409 naming `photo`).
 */
export function deliveredJob(
  courier: Courier,
  jobId: number,
  now = new Date(),
  confirm = false,
  photo: string | null = null,
  position: PositionPoint | null = null,
): Promise<JobJson> {
  return courierJobMove(
    courier,
    jobId,
    { from: ["picked_up"], data: { state: "delivered", closedAt: now }, conflict: (current) => wrongJobState(current, "markedDelivered") },
    async ({ tx, sql, job }) => {
      // The job no longer held, and the courier's fix for the stop's check, in one statement.
      await assertCashCollected(sql, job.orderId);
      const at = await checkAtStop(sql, courier.id, job, "delivered", confirm, now, position, (s, id) => releaseJobSlotReadingFix(s, id, now));
      const order = await moveOrder(
        tx,
        job.orderId,
        { any: true },
        {
          from: { stage: "out_for_delivery" },
          to: "delivered",
          data: { closedAt: now, ...(photo ? { dropoffPhoto: photo } : {}) },
          conflict: (current) => wrongStage(current, "markedDelivered"),
          now,
        },
      );
      assertDropoffProof(order, photo);
      return jobJson(sql, job.id, courier.id, at);
    },
  );
}

/**
 * The delivered step with the drop-off photo as sent (the courier app's upload, or the demo
 * courier's picture: simulator.ts): the photo is stored through the uploads' one path first
 * (dropoff-photo.ts), then the step runs; a refused step removes the photo again. Delivered, a
 * copy becomes the building's photo of the customer's address (door-photo.ts).
 */
export async function deliveredWithPhoto(
  courier: Courier,
  jobId: number,
  photo: File | null,
  now = new Date(),
  confirm = false,
  position: PositionPoint | null = null,
): Promise<JobJson> {
  let stored: string | null = null;
  if (photo) {
    const job = await db.deliveryJob.findUniqueOrThrow({ where: { id: jobId }, select: { orderId: true } });
    stored = await storeDropoffPhoto(job.orderId, photo);
  }
  let job: JobJson;
  try {
    job = await deliveredJob(courier, jobId, now, confirm, stored, position);
  } catch (error) {
    await removePrivatePicture(stored).catch(() => {});
    throw error;
  }
  // The delivery has happened: keeping the building's photo never fails it.
  if (stored) await keepDoorPhoto(jobId, stored, now).catch((error: unknown) => appLog.error("keeping the building's photo failed", { err: error, jobId }));
  return job;
}
