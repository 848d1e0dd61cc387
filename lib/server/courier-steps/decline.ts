import "server-only";
import { db } from "../platform/db";
import { sqlOf } from "../platform/sql";
import type { Courier } from "../dispatch/courier";
import { jobJson, type JobJson } from "../dispatch/read";
import { offerJob } from "../dispatch/offer";
import { flushPositions } from "../dispatch/position-batch";
import { moveJob, wrongJobState } from "../dispatch/transition";
import { OFFER_EXPIRED } from "./accept";
import { answeredOffer, batchPartners } from "../dispatch/batch";

/** offered -> unassigned: the courier turns the offer down; the job is offered at once to the next nearest (not them again for 5 minutes). */
export async function declineJob(courier: Courier, jobId: number, now = new Date()): Promise<JobJson> {
  // Offered at once to someone else, in the transaction, from the table: the free couriers' waiting positions go there first.
  await flushPositions();
  return db.$transaction(async (tx) => {
    const trip = await tx.deliveryJob.findFirst({ where: { id: jobId, courierId: courier.id, state: "offered" }, select: { batchId: true } });
    const job = await moveJob(
      tx,
      jobId,
      { courierId: courier.id },
      {
        from: ["offered"],
        data: { state: "unassigned", courierId: null, offerExpiresAt: null, batchId: null, batchExtraMinutes: null },
        conflict: (current) => (current.state === "unassigned" || current.courierId !== courier.id ? OFFER_EXPIRED : wrongJobState(current, "declined")),
      },
    );
    await tx.deliveryOffer.updateMany({ where: { jobId, courierId: courier.id, answer: null }, data: { answer: "declined", answeredAt: now } });
    // A two-order trip is declined whole.
    const partners = await batchPartners(tx, { id: job.id, batchId: trip?.batchId ?? null }, courier.id);
    for (const other of partners) {
      const { count } = await tx.deliveryJob.updateMany({
        where: { id: other.id, state: "offered", courierId: courier.id },
        data: { state: "unassigned", courierId: null, offerExpiresAt: null, batchId: null, batchExtraMinutes: null },
      });
      if (count === 1)
        await tx.deliveryOffer.updateMany({ where: { jobId: other.id, courierId: courier.id, answer: null }, data: { answer: "declined", answeredAt: now } });
    }
    await answeredOffer(sqlOf(tx), courier.id, "declined");
    const answer = await jobJson(sqlOf(tx), job.id, courier.id);
    for (const waiting of [job, ...partners]) await offerJob(tx, waiting, now);
    return answer;
  });
}
