import "server-only";
import type { JobState } from "@/lib/shared/delivery/delivery";
import { HELD_STATES } from "@/lib/shared/delivery/delivery";
import type { Tx } from "../platform/db";
import { sqlOf } from "../platform/sql";
import { insertOrderEvents } from "../order-events/write";
import { courierEvent } from "./events";
import { releaseHold } from "./hold";

const OPEN: JobState[] = ["unassigned", "offered", "assigned", "at_pickup", "picked_up"];

/**
 * Any open state -> canceled, in the caller's transaction: the order was canceled, rejected or
 * expired, or the restaurant delivers it itself. A courier offered or holding the job is told
 * (job_canceled) and a holder is freed. Nothing happens when the order has no open job.
 */
export async function cancelJobForOrder(tx: Tx, orderId: number, now = new Date()): Promise<void> {
  // A conditional update on the state read: should it move in between (an offer expiring), read again.
  for (let attempt = 0; attempt < 5; attempt++) {
    const job = await tx.deliveryJob.findUnique({ where: { orderId } });
    if (!job || !OPEN.includes(job.state as JobState)) return;
    const { count } = await tx.deliveryJob.updateMany({
      where: { id: job.id, state: job.state, courierId: job.courierId },
      data: { state: "canceled", closedAt: now, offerExpiresAt: null },
    });
    if (count !== 1) continue;
    const sql = sqlOf(tx);
    if (job.courierId !== null) {
      if (HELD_STATES.includes(job.state as JobState)) await releaseHold(sql, job.courierId, now);
      else await tx.deliveryOffer.updateMany({ where: { jobId: job.id, courierId: job.courierId, answer: null }, data: { answer: "withdrawn", answeredAt: now } });
      await insertOrderEvents(sql, [courierEvent(job, job.courierId, "job_canceled")], now);
    }
    return;
  }
}
