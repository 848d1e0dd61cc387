import "server-only";
import type { Point } from "@/lib/shared/delivery/delivery";
import { EXPIRY_STREAK_PAUSE } from "@/lib/shared/delivery/offer-streak.mjs";
import { matchOffers, pairCost, rideSeconds, type MatchCourier, type MatchJob, type MatchOffer } from "@/lib/shared/delivery/dispatch-matching.mjs";
import { offerDue } from "@/lib/shared/delivery/dispatch-timing.mjs";
import { config } from "../platform/config";
import { nextTurn } from "../platform/loop-turns";
import type { Tx } from "../platform/db";
import { sqlOf, type Sql } from "../platform/sql";
import { couriersNear, DEMO_COURIER, lockForOffer, MAY_BE_OFFERED, NOT_RELEASE_PAUSED, type NearCourier } from "./queries/couriers";
import { offersSince, orderLineAllergens, trackPoints, waitingJobRows } from "./queries/offers";
import { couriersOverCashLimit } from "./queries/cash";
import { insertOrderEvents } from "../order-events/write";
import { courierEvent } from "./events";
import { dispatchZones } from "../zones/dispatch-zones";
import { DOCUMENTS_CLEAR, documentsClearParams } from "../onboarding/queries";
import { VEHICLE_SPEED_KMH, type Vehicle } from "@/lib/shared/delivery/courier-onboarding";

// Offering waiting jobs (docs/architecture/couriers.md "Dispatch", dispatch-matching.md): the
// waiting jobs and the couriers who may take them are read, paired by what each pair costs
// (lib/shared/delivery/dispatch-matching.mjs matchOffers, the bench's simulation runs the same), and each
// offer made under the courier's row lock. A courier may be offered: on shift, a position younger
// than 2 minutes, holding no job, no offer open, fewer than EXPIRY_STREAK_PAUSE offers let run
// out in a row, not offered that job in the last 5 minutes, not its customer, for a cash order not
// over its market's cash limit (queries/cash.ts), their documents and
// background check clear (lib/server/onboarding/queries.ts DOCUMENTS_CLEAR). A job is offered once
// its soonest such courier would arrive with the food (DISPATCH_EARLY_MINUTES before it at most).
// Called by the tick for every waiting job (an accept's new job among them), and at once for one
// job a decline, a release or an operator's re-dispatch frees.

/** A courier who was offered a job is not offered it again for this long (a decline sticks). */
export const REOFFER_AFTER_MS = 5 * 60_000;
/** At most this many couriers are weighed for one tick's jobs (the nearest to their restaurants' middle first). */
const COURIERS_WEIGHED = 400;
/** A courier's position this long before their newest gives their direction. */
const DIRECTION_FROM_MS = [20_000, 90_000] as const;

export type WaitingJob = { id: number; orderId: number; userId: number; restaurantId: number | null; pickupLat: number; pickupLng: number };

type JobRow = WaitingJob & { dropoffLat: number; dropoffLng: number; createdAt: Date; readyAt: Date; demo: boolean; avoids: number; contains: number };

/** The jobs with what the matching weighs: drop-off, when made, when the food is (or will be) ready, a demo restaurant's. */
async function jobRows(sql: Sql, ids: number[] | null, now: Date): Promise<JobRow[]> {
  // With the simulator on, a demo restaurant's jobs are read first: however many others wait, the demo's are in the batch.
  const rows = await waitingJobRows(sql, ids, config().dispatch.simulator);
  // What each order contains, for the customers who saved allergies: no trip rides their food with it.
  const contains = new Map<number, number>();
  if (rows.some((row) => row.avoids)) {
    for (const line of await orderLineAllergens(
      sql,
      rows.map((row) => row.orderId),
    ))
      contains.set(line.orderId, (contains.get(line.orderId) ?? 0) | (line.allergens ?? 0));
  }
  return rows.map((row) => ({
    id: row.id,
    orderId: row.orderId,
    userId: row.userId,
    restaurantId: row.restaurantId,
    pickupLat: row.pickupLat,
    pickupLng: row.pickupLng,
    dropoffLat: row.dropoffLat,
    dropoffLng: row.dropoffLng,
    createdAt: row.createdAt,
    readyAt: row.readyEventAt ?? (row.stage === "ready" ? now : (row.estimatedReadyAt ?? now)),
    demo: row.demo ?? false,
    avoids: row.avoids ?? 0,
    contains: contains.get(row.orderId) ?? 0,
  }));
}

/** The couriers who may be offered these jobs, with their direction (an earlier point of their track). */
async function candidates(sql: Sql, jobs: JobRow[], now: Date): Promise<MatchCourier[]> {
  const middle = { lat: jobs.reduce((s, j) => s + j.pickupLat, 0) / jobs.length, lng: jobs.reduce((s, j) => s + j.pickupLng, 0) / jobs.length };
  const rows: NearCourier[] = await couriersNear(sql, middle, now, COURIERS_WEIGHED, MAY_BE_OFFERED + NOT_RELEASE_PAUSED + DOCUMENTS_CLEAR, [
    now,
    ...documentsClearParams(now),
  ]);
  // The demo couriers are weighed however many others are nearer.
  if (config().dispatch.simulator && jobs.some((job) => job.demo)) {
    const seen = new Set(rows.map((row) => row.userId));
    for (const row of await couriersNear(sql, middle, now, COURIERS_WEIGHED, `${MAY_BE_OFFERED}${DOCUMENTS_CLEAR}${DEMO_COURIER}`, documentsClearParams(now)))
      if (!seen.has(row.userId)) rows.push(row);
  }
  if (!rows.length) return [];
  const ids = rows.map((row) => row.userId);
  const track = await trackPoints(sql, ids, new Date(now.getTime() - DIRECTION_FROM_MS[1]), new Date(now.getTime() - DIRECTION_FROM_MS[0]));
  const previous = new Map<number, Point>();
  for (const point of track) if (!previous.has(point.courierId)) previous.set(point.courierId, { lat: point.lat, lng: point.lng });
  const demoFirst = config().dispatch.simulator;
  return rows.map((row) => ({
    id: row.userId,
    at: { lat: row.lat, lng: row.lng },
    previous: previous.get(row.userId) ?? null,
    capacity: config().dispatch.courierMaxJobs - row.activeJobs,
    demo: demoFirst && row.demo,
    // The ride to the pickup at their vehicle's speed (a courier without onboarding rides a bike).
    speedKmh: VEHICLE_SPEED_KMH[(row.vehicle ?? "bike") as Vehicle],
  }));
}

/** Each job's couriers not to offer it to: offered it in the last 5 minutes, its customer, and for a cash order those over its market's cash limit. */
async function exclusions(sql: Sql, jobs: JobRow[], now: Date): Promise<Map<number, number[]>> {
  const ids = jobs.map((job) => job.id);
  const rows = [...(await offersSince(sql, ids, new Date(now.getTime() - REOFFER_AFTER_MS))), ...(await couriersOverCashLimit(sql, ids))];
  const excluded = new Map(jobs.map((job) => [job.id, [job.userId]]));
  for (const row of rows) excluded.get(row.jobId)?.push(row.courierId);
  return excluded;
}

/** The matching's offers for `jobs` (unassigned), read in `sql`: no job in two offers, no courier in two. */
export async function planOffers(sql: Sql, jobIds: number[] | null, now: Date): Promise<{ offers: MatchOffer[]; jobs: Map<number, JobRow> }> {
  const rows = await jobRows(sql, jobIds, now);
  if (!rows.length) return { offers: [], jobs: new Map() };
  const [couriers, excluded] = await Promise.all([candidates(sql, rows, now), exclusions(sql, rows, now)]);
  // Scheduled hours: a job in a zone goes first to a courier booked there this hour.
  const zones = await dispatchZones(
    sql,
    rows.map((row) => ({ id: row.id, at: { lat: row.pickupLat, lng: row.pickupLng } })),
    couriers.map((courier) => courier.id),
    now,
  );
  for (const courier of couriers) courier.bookedZoneId = zones.booked.get(courier.id) ?? null;
  const demoFirst = config().dispatch.simulator;
  // With the simulator on, one free demo courier (the lowest id) is kept for the demo's own orders:
  // offered no other restaurant's job, so a newcomer's demo order always finds one.
  const reserved = demoFirst ? couriers.filter((courier) => courier.demo).reduce<number | null>((low, c) => (low === null || c.id < low ? c.id : low), null) : null;
  const simulated = reserved === null ? [] : [reserved];
  const jobs: MatchJob[] = rows.map((row) => ({
    id: row.id,
    restaurantId: row.restaurantId,
    pickup: { lat: row.pickupLat, lng: row.pickupLng },
    dropoff: { lat: row.dropoffLat, lng: row.dropoffLng },
    createdAt: row.createdAt.getTime(),
    readyAt: row.readyAt.getTime(),
    excluded: [...(excluded.get(row.id) ?? []), ...(row.demo ? [] : simulated)],
    demo: demoFirst && row.demo,
    avoids: row.avoids,
    contains: row.contains,
    zoneId: zones.jobZone.get(row.id) ?? null,
  }));
  return { offers: await matchInTurns(jobs, couriers, now.getTime()), jobs: new Map(rows.map((row) => [row.id, row])) };
}

/** Jobs costed between two turns of the event loop: each costs every courier (1,000 in the rush: ~0.5 ms a job). */
const JOBS_A_TURN = 10;

type Pair = { courier: MatchCourier; job: MatchJob; cost: number };

/**
 * The matching (matchOffers) of the jobs due, their pairs costed JOBS_A_TURN jobs at a time with
 * a turn of the event loop between (a hundred jobs against a thousand couriers is ~90 ms of CPU).
 * Each job keeps only as many of its cheapest couriers as there are jobs: the greedy matching
 * takes a job's pair once at most that many couriers less one went to other jobs, so no offer changes.
 */
export async function matchInTurns(jobs: MatchJob[], couriers: MatchCourier[], now: number): Promise<MatchOffer[]> {
  const due: MatchJob[] = [];
  for (let i = 0; i < jobs.length; i += JOBS_A_TURN) {
    if (i) await nextTurn();
    due.push(...jobsDue(jobs.slice(i, i + JOBS_A_TURN), couriers, now));
  }
  const pairs: Pair[] = [];
  for (const [i, job] of due.entries()) {
    if (i % JOBS_A_TURN === 0) await nextTurn();
    const own: Pair[] = [];
    for (const courier of couriers) {
      const cost = pairCost(courier, job, now);
      if (cost !== null) own.push({ courier, job, cost });
    }
    own.sort((a, b) => a.cost - b.cost || a.courier.id - b.courier.id);
    pairs.push(...own.slice(0, due.length));
  }
  return matchOffers(due, couriers, now, { pairs });
}

/**
 * Aimed at the food (lib/shared/delivery/dispatch-timing.mjs offerDue): the jobs whose soonest courier, of
 * those who may take them (the matching's pairCost), would reach the restaurant at most
 * DISPATCH_EARLY_MINUTES before the food is ready. The others wait: that courier would stand at the counter.
 */
export function jobsDue(jobs: MatchJob[], couriers: MatchCourier[], now: number): MatchJob[] {
  const early = config().dispatch.earlyMinutes;
  return jobs.filter((job) => {
    const arrivals = couriers.filter((c) => pairCost(c, job, now) !== null).map((c) => now + ((c.busySeconds ?? 0) + rideSeconds(c, job.pickup)) * 1000);
    return offerDue(job.readyAt, Math.min(...arrivals), early);
  });
}

/**
 * Makes one of the matching's offers in the caller's transaction: the courier's state row is
 * locked first (PostgreSQL: a racing offer to the same courier, or the owner's assignment, waits,
 * then sees this one), the courier checked again (on shift, holding nothing, no open offer, not
 * paused), then each job's conditional update from unassigned. Two jobs that both moved are one
 * trip (batchId). Returns the jobs offered (none: the courier or the jobs moved on).
 */
export async function makeOffer(tx: Tx, offer: MatchOffer, jobs: Map<number, WaitingJob>, now: Date): Promise<number[]> {
  const sql = sqlOf(tx);
  const courierId = offer.courierId;
  const state = await lockForOffer(sql, courierId, now);
  if (!state || !state.onShift || state.activeJobs !== 0 || state.expiredStreak >= EXPIRY_STREAK_PAUSE) return [];
  if (await tx.deliveryJob.count({ where: { courierId, state: "offered" } })) return [];
  const offerExpiresAt = new Date(now.getTime() + config().dispatch.offerSeconds * 1000);
  const moved: WaitingJob[] = [];
  for (const id of offer.jobIds.slice(0, config().dispatch.courierMaxJobs)) {
    const job = jobs.get(id);
    if (!job) continue;
    const { count } = await tx.deliveryJob.updateMany({
      where: { id, state: "unassigned" },
      data: { state: "offered", courierId, offerExpiresAt, batchId: null, batchExtraMinutes: null },
    });
    if (count === 1) moved.push(job);
  }
  if (!moved.length) return [];
  if (moved.length > 1) {
    // One trip: each job keeps how much longer its food rides for the other (the matching kept it within its cap).
    for (const job of moved) {
      await tx.deliveryJob.update({ where: { id: job.id }, data: { batchId: moved[0]!.id, batchExtraMinutes: Math.round(offer.extraMinutes?.[job.id] ?? 0) } });
    }
  }
  await tx.deliveryOffer.createMany({ data: moved.map((job) => ({ jobId: job.id, courierId, offeredAt: now })) });
  const batch = moved.length > 1 ? { batch: moved.map((job) => job.id) } : {};
  await insertOrderEvents(
    sql,
    moved.map((job) => courierEvent(job, courierId, "job_offered", { offerExpiresAt: offerExpiresAt.toISOString(), ...batch })),
    now,
  );
  return moved.map((job) => job.id);
}

/**
 * Offers the unassigned `job` at once (a decline, a release or a re-dispatch freed it), in the
 * caller's transaction, through the same matching as the tick. Returns the courier offered, or null.
 */
export async function offerJob(tx: Tx, job: WaitingJob, now = new Date()): Promise<number | null> {
  const { offers, jobs } = await planOffers(sqlOf(tx), [job.id], now);
  for (const offer of offers) if ((await makeOffer(tx, offer, jobs, now)).length) return offer.courierId;
  return null;
}

export const waitingJobSelect = { id: true, orderId: true, userId: true, restaurantId: true, pickupLat: true, pickupLng: true } as const;
