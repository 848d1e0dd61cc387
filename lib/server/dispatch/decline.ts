import "server-only";
import { db } from "../platform/db";
import { sqlOf } from "../platform/sql";
import type { Courier } from "./courier";
import { jobJson, type JobJson } from "./read";
import { offerJob } from "./offer";
import { moveJob, wrongJobState } from "./transition";
import { OFFER_EXPIRED } from "./accept";

/** offered -> unassigned: the courier turns the offer down; the job is offered at once to the next nearest (not them again for 5 minutes). */
export function declineJob(courier: Courier, jobId: number, now = new Date()): Promise<JobJson> {
  return db.$transaction(async (tx) => {
    const job = await moveJob(
      tx,
      jobId,
      { courierId: courier.id },
      {
        from: ["offered"],
        data: { state: "unassigned", courierId: null, offerExpiresAt: null },
        conflict: (current) => (current.state === "unassigned" || current.courierId !== courier.id ? OFFER_EXPIRED : wrongJobState(current, "declined")),
      },
    );
    await tx.deliveryOffer.updateMany({ where: { jobId, courierId: courier.id, answer: null }, data: { answer: "declined", answeredAt: now } });
    const answer = await jobJson(sqlOf(tx), job.id, courier.id);
    await offerJob(tx, job, now);
    return answer;
  });
}
