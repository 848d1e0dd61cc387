import "server-only";
import type { DeliveryJob } from "@/lib/generated/prisma/client";
import type { Courier } from "../dispatch/courier";
import { insertOrderEvents } from "../order-events/write";
import { orderEvent } from "../dispatch/events";
import { holdJob } from "../dispatch/hold";
import { jobJson, type JobJson } from "../dispatch/read";
import { answeredOffer, batchPartners } from "../dispatch/batch";
import { courierJobMove, wrongJobState } from "../dispatch/transition";
import { said } from "@/lib/shared/words/said";

export const OFFER_EXPIRED = said("messages.offerExpired");
export const TAKEN_BY_ANOTHER = said("messages.takenByAnother");

function acceptConflict(courier: Courier, current: DeliveryJob): string {
  if (current.state === "unassigned" || (current.state === "offered" && current.courierId === courier.id)) return OFFER_EXPIRED;
  if (current.courierId !== courier.id && current.state !== "canceled") return TAKEN_BY_ANOTHER;
  return wrongJobState(current, "accepted");
}

/**
 * offered -> assigned: the courier takes the job they were offered, before the offer runs out,
 * and holds one more job (409 at COURIER_MAX_JOBS). Of 20 couriers accepting at once, the one
 * it is offered to gets it; the others were offered it once (409) or never (404).
 */
export function acceptJob(courier: Courier, jobId: number, now = new Date()): Promise<JobJson> {
  return courierJobMove(
    courier,
    jobId,
    {
      from: ["offered"],
      where: { offerExpiresAt: { gt: now } },
      data: { state: "assigned", assignedAt: now, offerExpiresAt: null },
      conflict: (current) => acceptConflict(courier, current),
    },
    async ({ tx, sql, job }) => {
      await holdJob(sql, courier.id, now);
      await tx.deliveryOffer.updateMany({ where: { jobId, courierId: courier.id, answer: null }, data: { answer: "accepted", answeredAt: now } });
      const events = [orderEvent(job, "courier_assigned", { courierId: courier.id, firstName: courier.firstName })];
      // A two-order trip is taken whole (docs/architecture/dispatch-matching.md): the other job moves with this one.
      for (const other of await batchPartners(tx, job, courier.id)) {
        const { count } = await tx.deliveryJob.updateMany({
          where: { id: other.id, state: "offered", courierId: courier.id },
          data: { state: "assigned", assignedAt: now, offerExpiresAt: null },
        });
        if (count !== 1) continue;
        await holdJob(sql, courier.id, now);
        await tx.deliveryOffer.updateMany({ where: { jobId: other.id, courierId: courier.id, answer: null }, data: { answer: "accepted", answeredAt: now } });
        events.push(orderEvent(other, "courier_assigned", { courierId: courier.id, firstName: courier.firstName }));
      }
      await answeredOffer(sql, courier.id, "accepted");
      await insertOrderEvents(sql, events, now);
      return jobJson(sql, job.id, courier.id);
    },
  );
}
