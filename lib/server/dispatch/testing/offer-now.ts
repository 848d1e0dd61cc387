import { db } from "../../platform/db";
import { offerJob, waitingJobSelect } from "../offer";
import { flushPositions } from "../position-batch";

/**
 * What the dispatch tick does for an accepted order's waiting job (tick.ts offerWaitingJobs, in
 * the job process beside the web process), for a test that runs no tick: the free couriers'
 * waiting positions written first, then that job alone offered now, through the same matching.
 * Returns the courier offered, or null.
 */
export async function offerNow(orderId: number, now = new Date()): Promise<number | null> {
  await flushPositions();
  const job = await db.deliveryJob.findUniqueOrThrow({ where: { orderId }, select: waitingJobSelect });
  return db.$transaction((tx) => offerJob(tx, job, now));
}
