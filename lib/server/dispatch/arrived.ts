import "server-only";
import { db } from "../platform/db";
import { sqlOf } from "../platform/sql";
import { checkAtStop } from "./at-stop";
import type { Courier } from "./courier";
import { insertOrderEvents } from "../order-events/write";
import { orderEvent } from "./events";
import { jobJson, type JobJson } from "./read";
import { moveJob, wrongJobState } from "./transition";

/** assigned -> at_pickup: the courier is at the restaurant (a recent position near it, or `confirm`ed and flagged: at-stop.ts). */
export function arrivedAtPickup(courier: Courier, jobId: number, now = new Date(), confirm = false): Promise<JobJson> {
  return db.$transaction(async (tx) => {
    const sql = sqlOf(tx);
    const job = await moveJob(
      tx,
      jobId,
      { courierId: courier.id },
      { from: ["assigned"], data: { state: "at_pickup", arrivedAt: now }, conflict: (current) => wrongJobState(current, "marked arrived") },
    );
    await checkAtStop(sql, courier.id, job, "arrived", confirm, now);
    await insertOrderEvents(sql, [orderEvent(job, "courier_arrived")], now);
    return jobJson(sql, job.id, courier.id);
  });
}
