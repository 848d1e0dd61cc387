import "server-only";
import type { Courier } from "../dispatch/courier";
import { insertOrderEvents } from "../order-events/write";
import { orderEvent } from "../dispatch/events";
import { releaseHold } from "../dispatch/hold";
import { countRelease } from "../dispatch/release-limit";
import { offerJob } from "../dispatch/offer";
import { flushPositions } from "../dispatch/position-batch";
import { jobJson, type JobJson } from "../dispatch/read";
import { courierJobMove, wrongJobState } from "../dispatch/transition";

/**
 * assigned|at_pickup -> unassigned: the courier gives the job back before pickup (the customer
 * and the restaurant hear courier_released); it is offered at once to someone else. Counted:
 * past COURIER_RELEASES_PER_HOUR the courier is offered nothing for a while (release-limit.ts).
 */
export async function releaseJob(courier: Courier, jobId: number, now = new Date()): Promise<JobJson> {
  // Offered at once to someone else, in the transaction, from the table: the free couriers' waiting positions go there first.
  await flushPositions();
  return courierJobMove(
    courier,
    jobId,
    {
      from: ["assigned", "at_pickup"],
      data: { state: "unassigned", courierId: null, assignedAt: null, arrivedAt: null, offerExpiresAt: null, batchId: null, batchExtraMinutes: null },
      conflict: (current) => wrongJobState(current, "released"),
    },
    async ({ tx, sql, job }) => {
      await releaseHold(sql, courier.id, now);
      await countRelease(tx, courier.id, now);
      // Not offered back to them at once: their offer counts as recent.
      await tx.deliveryOffer.updateMany({ where: { jobId, courierId: courier.id }, data: { offeredAt: now } });
      await insertOrderEvents(sql, [orderEvent(job, "courier_released")], now);
      const answer = await jobJson(sql, job.id, courier.id);
      await offerJob(tx, job, now);
      return answer;
    },
  );
}
