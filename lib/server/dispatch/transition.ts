import "server-only";
import type { DeliveryJob, Prisma } from "@/lib/generated/prisma/client";
import { JOB_STATES, type JobState } from "@/lib/shared/delivery/delivery";
import { db, type Tx } from "../platform/db";
import { sqlOf, type Sql } from "../platform/sql";
import { conditionalMove, orNullIfNoMatch, ownerFilter, type MoveAction, type MoveScope } from "../platform/conditional-move";
import { said, word } from "@/lib/shared/words/said";

// Every move of a delivery job goes through `moveJob`, as every order step goes through
// orders/transition.ts: the conditional move of platform/conditional-move.ts on the state(s) the
// caller expects, in the caller's transaction. Of two racing calls (20 couriers pressing Accept,
// a courier and the tick expiring their offer, two processes ticking) one matches the row and
// the others match nothing; they hear 404 if the job is not theirs (exactly like a missing job,
// and a courier who was never offered it), else 409 saying where the job is.

/** Whose job it must be: the courier's (offered to or held by them), the restaurant's (ownership checked by the caller), or any (the tick). */
export type JobScope = MoveScope<{ courierId: number } | { restaurantId: number }>;

export type JobStep = {
  from: readonly JobState[];
  data: Prisma.DeliveryJobUncheckedUpdateInput;
  /** More the row must match (the offer not yet expired). */
  where?: Prisma.DeliveryJobWhereInput;
  /** The 409's message, from the job as it stands. */
  conflict: (current: DeliveryJob) => string;
};

export async function moveJob(tx: Tx, jobId: number, scope: JobScope, step: JobStep): Promise<DeliveryJob> {
  return conditionalMove({
    what: word("job"),
    // One statement: the conditional UPDATE returns the job as moved (no read of the row just written).
    update: () =>
      orNullIfNoMatch(tx.deliveryJob.update({ where: { id: jobId, state: { in: [...step.from] }, ...ownerFilter(scope), AND: step.where ?? {} }, data: step.data })),
    current: async () => {
      const current = await tx.deliveryJob.findUnique({ where: { id: jobId } });
      if (!current) return null;
      if ("restaurantId" in scope && current.restaurantId !== scope.restaurantId) return null;
      if ("courierId" in scope && current.courierId !== scope.courierId) {
        // Someone who was offered this job once may hear that it moved on; anyone else learns nothing.
        const offered = await tx.deliveryOffer.findFirst({ where: { jobId, courierId: scope.courierId }, select: { id: true } });
        if (!offered) return null;
      }
      return current;
    },
    conflict: step.conflict,
  });
}

/**
 * A courier's move of a job they hold or were offered (accept, release, arrived, picked up,
 * delivered, failed): one transaction, `moveJob` on the courier's scope, then `then` in the same
 * transaction with its plain-SQL handle and the job as moved.
 */
export function courierJobMove<T>(
  courier: { id: number },
  jobId: number,
  step: JobStep,
  then: (moved: { tx: Tx; sql: Sql; job: DeliveryJob }) => Promise<T>,
): Promise<T> {
  return db.$transaction(async (tx) => {
    const sql = sqlOf(tx);
    const job = await moveJob(tx, jobId, { courierId: courier.id }, step);
    return then({ tx, sql, job });
  });
}

/** "This job is delivered, so it cannot be accepted", said with the state's and the action's words (a state unknown here as stored). */
export function wrongJobState(current: DeliveryJob, action: MoveAction): string {
  const state = (JOB_STATES as readonly string[]).includes(current.state) ? said(`rules.moves.jobStates.${current.state as JobState}`) : current.state;
  return said("rules.moves.job", { state, action: said(`rules.moves.actions.${action}`) });
}
