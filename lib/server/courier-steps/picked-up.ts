import "server-only";
import { db } from "../platform/db";
import { sqlOf } from "../platform/sql";
import { transition, wrongStage } from "../orders/transition";
import { courierPickedUpNotification } from "../notifications/of-events";
import { notify } from "../notifications/outbox";
import { config } from "../platform/config";
import { checkAtStop } from "../dispatch/at-stop";
import type { Courier } from "../dispatch/courier";
import { jobJson, type JobJson } from "../dispatch/read";
import { moveJob, wrongJobState } from "../dispatch/transition";

/**
 * at_pickup -> picked_up: the courier has the food. The order moves accepted|ready ->
 * out_for_delivery in the same transaction (its stage event goes to the customer and the owner).
 * At the restaurant: a recent position near it, or `confirm`ed and flagged (at-stop.ts).
 */
export function pickedUp(courier: Courier, jobId: number, now = new Date(), confirm = false): Promise<JobJson> {
  return db.$transaction(async (tx) => {
    const job = await moveJob(
      tx,
      jobId,
      { courierId: courier.id },
      { from: ["at_pickup"], data: { state: "picked_up", pickedUpAt: now }, conflict: (current) => wrongJobState(current, "marked picked up") },
    );
    await checkAtStop(sqlOf(tx), courier.id, job, "picked_up", confirm, now);
    // Before the order's out_for_delivery: the customer's "on its way" names the courier (notifications/of-events.ts).
    if (config().notifications.outbox) await notify(sqlOf(tx), courierPickedUpNotification(job, courier.firstName), now);
    await transition(
      tx,
      job.orderId,
      { any: true },
      {
        from: { stage: { in: ["accepted", "ready"] } },
        to: "out_for_delivery",
        conflict: (current) => wrongStage(current, "picked up"),
        now,
      },
    );
    return jobJson(sqlOf(tx), job.id, courier.id);
  });
}
