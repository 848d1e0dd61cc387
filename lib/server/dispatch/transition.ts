import "server-only";
import type { DeliveryJob, Prisma } from "@/lib/generated/prisma/client";
import type { JobState } from "@/lib/shared/delivery";
import type { Tx } from "../platform/db";
import { conflict, notFound } from "../platform/errors";

// Every move of a delivery job goes through `moveJob`, as every order step goes through
// orders/transition.ts: one conditional UPDATE on the state(s) the caller expects, in the
// caller's transaction. Of two racing calls (20 couriers pressing Accept, a courier and the
// tick expiring their offer, two processes ticking) one matches the row and the others match
// nothing. The job is then read again to tell "not yours" (404, exactly like a missing job, and
// a courier who was never offered it) from "wrong state" (409 with a message a person can read).

/** Whose job it must be: the courier's (offered to or held by them), the restaurant's (ownership checked by the caller), or any (the tick). */
export type JobScope = { courierId: number } | { restaurantId: number } | { any: true };

export type JobStep = {
  from: readonly JobState[];
  data: Prisma.DeliveryJobUncheckedUpdateManyInput;
  /** More the row must match (the offer not yet expired). */
  where?: Prisma.DeliveryJobWhereInput;
  /** The 409's message, from the job as it stands. */
  conflict: (current: DeliveryJob) => string;
};

export async function moveJob(tx: Tx, jobId: number, scope: JobScope, step: JobStep): Promise<DeliveryJob> {
  const owner = "any" in scope ? {} : scope;
  const { count } = await tx.deliveryJob.updateMany({ where: { ...step.where, id: jobId, state: { in: [...step.from] }, ...owner }, data: step.data });
  const current = await tx.deliveryJob.findUnique({ where: { id: jobId } });
  if (count === 1 && current) return current;
  if (!current) throw notFound("Job");
  if ("restaurantId" in scope && current.restaurantId !== scope.restaurantId) throw notFound("Job");
  if ("courierId" in scope && current.courierId !== scope.courierId) {
    // Someone who was offered this job once may hear that it moved on; anyone else learns nothing.
    const offered = await tx.deliveryOffer.findFirst({ where: { jobId, courierId: scope.courierId }, select: { id: true } });
    if (!offered) throw notFound("Job");
  }
  throw conflict(step.conflict(current));
}

const WHERE_IT_IS: Record<JobState, string> = {
  unassigned: "waiting for a courier",
  offered: "offered to a courier",
  assigned: "assigned to a courier",
  at_pickup: "waiting at the restaurant",
  picked_up: "on its way to the customer",
  delivered: "delivered",
  failed: "over (the delivery failed)",
  canceled: "canceled",
};

/** "This job is delivered, so it cannot be accepted." */
export function wrongJobState(current: DeliveryJob, action: string): string {
  return `This job is ${WHERE_IT_IS[current.state as JobState] ?? current.state}, so it cannot be ${action}`;
}
