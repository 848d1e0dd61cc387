import "server-only";
import { db } from "../platform/db";
import { sqlOf } from "../platform/sql";
import { transition, wrongStage } from "../orders/transition";
import type { Courier } from "./courier";
import { releaseHold } from "./hold";
import { jobJson, type JobJson } from "./read";
import { moveJob, wrongJobState } from "./transition";

/**
 * picked_up -> delivered: the order moves out_for_delivery -> delivered, and its money is split
 * (transition() settles it: lib/server/ledger/orders.ts), the courier's account credited the job's
 * pay (delivery and priority fees, tip), all in one transaction: the job's conditional update
 * lets exactly one call through, and the settlement is keyed by the order, so the pay is credited once.
 */
export function deliveredJob(courier: Courier, jobId: number, now = new Date()): Promise<JobJson> {
  return db.$transaction(async (tx) => {
    const sql = sqlOf(tx);
    const job = await moveJob(
      tx,
      jobId,
      { courierId: courier.id },
      { from: ["picked_up"], data: { state: "delivered", closedAt: now }, conflict: (current) => wrongJobState(current, "marked delivered") },
    );
    await transition(
      tx,
      job.orderId,
      { any: true },
      { from: { stage: "out_for_delivery" }, to: "delivered", data: { closedAt: now }, conflict: (current) => wrongStage(current, "marked delivered"), now },
    );
    await releaseHold(sql, courier.id, now);
    return jobJson(sql, job.id, courier.id);
  });
}
