import "server-only";
import { config } from "../platform/config";
import { db } from "../platform/db";
import { sqlOf } from "../platform/sql";
import { insertOrderEvents } from "../order-events/write";
import { courierEvent, orderEvent } from "./events";
import { makeOffer, planOffers, waitingJobSelect } from "./offer";
import { addExpiredOffer } from "./queries/couriers";
import { giveUpCandidates } from "./queries/jobs";
import { waitingJobsAfter } from "./queries/offers";
import { flushPositions } from "./position-batch";
import { nextTurn } from "../platform/loop-turns";

// The dispatch tick (docs/architecture/couriers.md "Dispatch"), every DISPATCH_TICK_MS in every
// process beside the order expiry (the dispatch.tick job, lib/server/jobs/). The state lives in the database and each
// step is a conditional update in its own transaction, so several processes ticking at once do
// each step once, and a restart loses no timer.

const BATCH = 100;

export type TickResult = { expired: number; gaveUp: number; offered: number };

/** 1. Offers whose time ran out: back to unassigned, the offer marked expired, the courier told (job_withdrawn). */
export async function expireOffers(now = new Date()): Promise<number> {
  const due = await db.deliveryJob.findMany({
    where: { state: "offered", offerExpiresAt: { lte: now } },
    select: { ...waitingJobSelect, courierId: true, offerExpiresAt: true, batchId: true },
    orderBy: { offerExpiresAt: "asc" },
    take: BATCH,
  });
  let expired = 0;
  for (const job of due) {
    await nextTurn();
    const done = await db.$transaction(async (tx) => {
      const { count } = await tx.deliveryJob.updateMany({
        where: { id: job.id, state: "offered", courierId: job.courierId, offerExpiresAt: { lte: now } },
        data: { state: "unassigned", courierId: null, offerExpiresAt: null, batchId: null, batchExtraMinutes: null },
      });
      if (count !== 1 || job.courierId === null) return false;
      await tx.deliveryOffer.updateMany({ where: { jobId: job.id, courierId: job.courierId, answer: null }, data: { answer: "expired", answeredAt: now } });
      // One more offer let run out in a row (a two-order trip counts once): at EXPIRY_STREAK_PAUSE no more reach them.
      if (job.batchId === null || job.batchId === job.id) await addExpiredOffer(sqlOf(tx), job.courierId);
      await insertOrderEvents(sqlOf(tx), [courierEvent(job, job.courierId, "job_withdrawn")], now);
      return true;
    });
    if (done) expired++;
  }
  return expired;
}

/**
 * 2. Jobs still searching DISPATCH_GIVE_UP_MINUTES after they could first be offered (made, and
 * the food within DISPATCH_EARLY_MINUTES of ready: dispatch-timing.mjs): gaveUpAt set once and
 * courier_not_found told to the order's streams. They keep being offered.
 */
export async function giveUp(now = new Date()): Promise<number> {
  const { giveUpMinutes, earlyMinutes } = config().dispatch;
  const cutoff = new Date(now.getTime() - giveUpMinutes * 60_000);
  const due = await giveUpCandidates(sqlOf(db), cutoff, new Date(cutoff.getTime() + earlyMinutes * 60_000), BATCH);
  let gaveUp = 0;
  for (const job of due) {
    await nextTurn();
    const done = await db.$transaction(async (tx) => {
      const { count } = await tx.deliveryJob.updateMany({ where: { id: job.id, state: { in: ["unassigned", "offered"] }, gaveUpAt: null }, data: { gaveUpAt: now } });
      if (count !== 1) return false;
      await insertOrderEvents(sqlOf(tx), [orderEvent(job, "courier_not_found")], now);
      return true;
    });
    if (done) gaveUp++;
  }
  return gaveUp;
}

/**
 * 3. The waiting jobs matched with the couriers who may take them (offer.ts planOffers, the pure
 * matching of lib/shared/delivery/dispatch-matching.mjs): several offers at once, two orders in one trip
 * when they fit; each offer made in its own transaction under the courier's row lock. Returns the
 * jobs offered.
 */
export async function offerWaitingJobs(now = new Date()): Promise<number> {
  // The free couriers' positions this process holds, written first: the matching reads them from the table.
  await flushPositions();
  let offered = 0;
  // The jobs made since this process's last pass first (an accept's new job), whatever waits
  // before them (the longest waiting, next, are only the first BATCH), each restaurant's matched
  // with the couriers around it (one trip for two of them when they fit).
  const made = await waitingJobsAfter(sqlOf(db), newestSeen, BATCH);
  if (made.length) newestSeen = made.at(-1)!.id;
  const byRestaurant = new Map<number, number[]>();
  for (const job of made) {
    const key = job.restaurantId ?? -job.id;
    byRestaurant.set(key, [...(byRestaurant.get(key) ?? []), job.id]);
  }
  for (const ids of byRestaurant.values()) offered += await offerPlanned(await planOffers(sqlOf(db), ids, now), now);
  return offered + (await offerPlanned(await planOffers(sqlOf(db), null, now), now));
}

/** The newest job this process's tick has weighed as new (waitingJobsAfter). */
let newestSeen = 0;

/** The matching's offers made, each in its own transaction; how many jobs were offered. */
async function offerPlanned({ offers, jobs }: Awaited<ReturnType<typeof planOffers>>, now: Date): Promise<number> {
  let offered = 0;
  for (const offer of offers) {
    await nextTurn();
    offered += (await db.$transaction((tx) => makeOffer(tx, offer, jobs, now))).length;
  }
  return offered;
}

export async function dispatchTick(now = new Date()): Promise<TickResult> {
  const expired = await expireOffers(now);
  const gaveUp = await giveUp(now);
  const offered = await offerWaitingJobs(now);
  return { expired, gaveUp, offered };
}
