import "server-only";
import { FRESH_POSITION_MS, type Point } from "@/lib/shared/delivery";
import { EXPIRY_STREAK_PAUSE, matchOffers, type MatchCourier, type MatchJob, type MatchOffer } from "@/lib/shared/dispatch-matching.mjs";
import { config } from "../platform/config";
import type { Tx } from "../platform/db";
import { dateOf, sqlOf, type Sql } from "../platform/sql";
import { insertOrderEvents } from "../order-events/write";
import { courierEvent } from "./events";
import { NOT_RELEASE_PAUSED } from "./release-limit";

// Offering waiting jobs (docs/architecture/couriers.md "Dispatch", dispatch-matching.md): the
// waiting jobs and the couriers who may take them are read, paired by what each pair costs
// (lib/shared/dispatch-matching.mjs matchOffers, the bench's simulation runs the same), and each
// offer made under the courier's row lock. A courier may be offered: on shift, a position younger
// than 2 minutes, holding no job, no offer open, fewer than EXPIRY_STREAK_PAUSE offers let run
// out in a row, not offered that job in the last 5 minutes, not its customer. Called by the tick
// for every waiting job, and at once for one job after an accept creates it, a decline or a release.

/** Couriers farther than this (a box around the restaurant) are not offered its jobs. */
export const DISPATCH_RADIUS_KM = 20;
/** A courier who was offered a job is not offered it again for this long (a decline sticks). */
export const REOFFER_AFTER_MS = 5 * 60_000;
const KM_PER_DEGREE = 111.32;
/** At most this many couriers are weighed for one tick's jobs (the nearest to their restaurants' middle first). */
const COURIERS_WEIGHED = 400;
/** A courier's position this long before their newest gives their direction. */
const DIRECTION_FROM_MS = [20_000, 90_000] as const;

/**
 * The box and the squared equirectangular distance's longitude weight (cos² of the latitude):
 * SQLite has no trigonometry, so the caller computes them and the ORDER BY is plain arithmetic.
 */
export function searchBox(at: Point, radiusKm: number) {
  const cos = Math.max(0.01, Math.cos((at.lat * Math.PI) / 180));
  const dLat = radiusKm / KM_PER_DEGREE;
  const dLng = radiusKm / (KM_PER_DEGREE * cos);
  return { minLat: at.lat - dLat, maxLat: at.lat + dLat, minLng: at.lng - dLng, maxLng: at.lng + dLng, cosSq: cos * cos };
}

/**
 * The couriers on shift with a fresh position near `at`, nearest first, with what the owner's
 * list and the matching need: jobs held, an open offer, the expiry streak. `extra` narrows it.
 */
export function couriersNearSql(at: Point, now: Date, limit: number, extra = "", extraParams: unknown[] = []) {
  const box = searchBox(at, DISPATCH_RADIUS_KM);
  const text = `SELECT s."userId" AS "userId", s."lat" AS "lat", s."lng" AS "lng", s."activeJobs" AS "activeJobs", s."expiredStreak" AS "expiredStreak",
      u."firstName" AS "firstName", u."demoAccount" AS "demo",
      EXISTS (SELECT 1 FROM "DeliveryJob" AS o WHERE o."courierId" = s."userId" AND o."state" = 'offered') AS "offered"
    FROM "CourierState" AS s JOIN "User" AS u ON u."id" = s."userId"
    WHERE s."onShift" = true AND u."courier" = true AND s."positionAt" >= ?
      AND s."lat" BETWEEN ? AND ? AND s."lng" BETWEEN ? AND ?${extra}
    ORDER BY (s."lat" - ?) * (s."lat" - ?) + (s."lng" - ?) * (s."lng" - ?) * ?, s."userId"
    LIMIT ${limit}`;
  const params = [new Date(now.getTime() - FRESH_POSITION_MS), box.minLat, box.maxLat, box.minLng, box.maxLng, ...extraParams, at.lat, at.lat, at.lng, at.lng, box.cosSq];
  return { text, params };
}

/** Who may be offered a job: holding none, no offer open, not paused by their expiry streak. */
export const MAY_BE_OFFERED = ` AND s."activeJobs" = 0 AND s."expiredStreak" < ${EXPIRY_STREAK_PAUSE}
      AND NOT EXISTS (SELECT 1 FROM "DeliveryJob" AS o WHERE o."courierId" = s."userId" AND o."state" = 'offered')`;

export type WaitingJob = { id: number; orderId: number; userId: number; restaurantId: number | null; pickupLat: number; pickupLng: number };

type JobRow = WaitingJob & { dropoffLat: number; dropoffLng: number; createdAt: Date; readyAt: Date; demo: boolean };

const num = (value: unknown) => Number(value);
const bool = (value: unknown) => value === true || Number(value) === 1;

/** The jobs with what the matching weighs: drop-off, when made, when the food is (or will be) ready, a demo restaurant's. */
async function jobRows(sql: Sql, ids: number[] | null, now: Date): Promise<JobRow[]> {
  // With the simulator on, a demo restaurant's jobs are read first: however many others wait, the demo's are in the batch.
  const first = config().dispatch.simulator ? `CASE WHEN u."demoAccount" = true THEN 0 ELSE 1 END, ` : "";
  const where = ids ? `j."id" IN (${ids.map(() => "?").join(", ")}) AND j."state" = 'unassigned'` : `j."state" = 'unassigned'`;
  const rows = await sql.all<Record<string, unknown>>(
    `SELECT j."id" AS "id", j."orderId" AS "orderId", j."userId" AS "userId", j."restaurantId" AS "restaurantId",
        j."pickupLat" AS "pickupLat", j."pickupLng" AS "pickupLng", j."dropoffLat" AS "dropoffLat", j."dropoffLng" AS "dropoffLng",
        j."createdAt" AS "createdAt", o."stage" AS "stage", o."estimatedReadyAt" AS "estimatedReadyAt",
        (SELECT MIN(e."at") FROM "OrderEvent" AS e WHERE e."orderId" = j."orderId" AND e."stage" = 'ready') AS "readyEventAt",
        u."demoAccount" AS "demo"
     FROM "DeliveryJob" AS j JOIN "Order" AS o ON o."id" = j."orderId"
       LEFT JOIN "Restaurant" AS r ON r."id" = j."restaurantId" LEFT JOIN "User" AS u ON u."id" = r."ownerId"
     WHERE ${where} ORDER BY ${first}j."id" LIMIT 100`,
    ids ?? [],
  );
  return rows.map((row) => ({
    id: num(row.id),
    orderId: num(row.orderId),
    userId: num(row.userId),
    restaurantId: row.restaurantId == null ? null : num(row.restaurantId),
    pickupLat: num(row.pickupLat),
    pickupLng: num(row.pickupLng),
    dropoffLat: num(row.dropoffLat),
    dropoffLng: num(row.dropoffLng),
    createdAt: dateOf(row.createdAt),
    readyAt: row.readyEventAt != null ? dateOf(row.readyEventAt) : row.stage === "ready" ? now : row.estimatedReadyAt != null ? dateOf(row.estimatedReadyAt) : now,
    demo: bool(row.demo),
  }));
}

/** The couriers who may be offered these jobs, with their direction (an earlier point of their track). */
async function candidates(sql: Sql, jobs: JobRow[], now: Date): Promise<MatchCourier[]> {
  const middle = { lat: jobs.reduce((s, j) => s + j.pickupLat, 0) / jobs.length, lng: jobs.reduce((s, j) => s + j.pickupLng, 0) / jobs.length };
  const { text, params } = couriersNearSql(middle, now, COURIERS_WEIGHED, MAY_BE_OFFERED + NOT_RELEASE_PAUSED, [now]);
  const rows = await sql.all<Record<string, unknown>>(text, params);
  // The demo couriers are weighed however many others are nearer (issue 61 item 5).
  if (config().dispatch.simulator && jobs.some((job) => job.demo)) {
    const demo = couriersNearSql(middle, now, COURIERS_WEIGHED, `${MAY_BE_OFFERED} AND u."demoAccount" = true`);
    const seen = new Set(rows.map((row) => num(row.userId)));
    for (const row of await sql.all<Record<string, unknown>>(demo.text, demo.params)) if (!seen.has(num(row.userId))) rows.push(row);
  }
  if (!rows.length) return [];
  const ids = rows.map((row) => num(row.userId));
  const track = await sql.all<{ courierId: unknown; lat: number; lng: number }>(
    `SELECT "courierId", "lat", "lng" FROM "CourierPosition" WHERE "courierId" IN (${ids.map(() => "?").join(", ")}) AND "at" BETWEEN ? AND ? ORDER BY "at" DESC`,
    [...ids, new Date(now.getTime() - DIRECTION_FROM_MS[1]), new Date(now.getTime() - DIRECTION_FROM_MS[0])],
  );
  const previous = new Map<number, Point>();
  for (const point of track) if (!previous.has(num(point.courierId))) previous.set(num(point.courierId), { lat: point.lat, lng: point.lng });
  const demoFirst = config().dispatch.simulator;
  return rows.map((row) => ({
    id: num(row.userId),
    at: { lat: num(row.lat), lng: num(row.lng) },
    previous: previous.get(num(row.userId)) ?? null,
    capacity: config().dispatch.courierMaxJobs - num(row.activeJobs),
    demo: demoFirst && bool(row.demo),
  }));
}

/** Each job's couriers not to offer it to: offered it in the last 5 minutes, and its customer. */
async function exclusions(sql: Sql, jobs: JobRow[], now: Date): Promise<Map<number, number[]>> {
  const rows = await sql.all<{ jobId: unknown; courierId: unknown }>(
    `SELECT "jobId", "courierId" FROM "DeliveryOffer" WHERE "jobId" IN (${jobs.map(() => "?").join(", ")}) AND "offeredAt" >= ?`,
    [...jobs.map((job) => job.id), new Date(now.getTime() - REOFFER_AFTER_MS)],
  );
  const excluded = new Map(jobs.map((job) => [job.id, [job.userId]]));
  for (const row of rows) excluded.get(num(row.jobId))?.push(num(row.courierId));
  return excluded;
}

/** The matching's offers for `jobs` (unassigned), read in `sql`: no job in two offers, no courier in two. */
export async function planOffers(sql: Sql, jobIds: number[] | null, now: Date): Promise<{ offers: MatchOffer[]; jobs: Map<number, JobRow> }> {
  const rows = await jobRows(sql, jobIds, now);
  if (!rows.length) return { offers: [], jobs: new Map() };
  const [couriers, excluded] = await Promise.all([candidates(sql, rows, now), exclusions(sql, rows, now)]);
  const demoFirst = config().dispatch.simulator;
  // With the simulator on, one free demo courier (the lowest id) is kept for the demo's own orders:
  // offered no other restaurant's job, so a newcomer's demo order always finds one (issue 61 item 5).
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
  }));
  return { offers: matchOffers(jobs, couriers, now.getTime()), jobs: new Map(rows.map((row) => [row.id, row])) };
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
  const [state] = await sql.all<{ onShift: unknown; activeJobs: unknown; expiredStreak: unknown }>(
    `UPDATE "CourierState" SET "updatedAt" = ? WHERE "userId" = ? RETURNING "onShift", "activeJobs", "expiredStreak"`,
    [now, courierId],
  );
  if (!state || !bool(state.onShift) || num(state.activeJobs) !== 0 || num(state.expiredStreak) >= EXPIRY_STREAK_PAUSE) return [];
  if (await tx.deliveryJob.count({ where: { courierId, state: "offered" } })) return [];
  const offerExpiresAt = new Date(now.getTime() + config().dispatch.offerSeconds * 1000);
  const moved: WaitingJob[] = [];
  for (const id of offer.jobIds.slice(0, config().dispatch.courierMaxJobs)) {
    const job = jobs.get(id);
    if (!job) continue;
    const { count } = await tx.deliveryJob.updateMany({ where: { id, state: "unassigned" }, data: { state: "offered", courierId, offerExpiresAt, batchId: null } });
    if (count === 1) moved.push(job);
  }
  if (!moved.length) return [];
  if (moved.length > 1) await tx.deliveryJob.updateMany({ where: { id: { in: moved.map((job) => job.id) } }, data: { batchId: moved[0]!.id } });
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
 * Offers the unassigned `job` at once (an accept made it, a decline or a release freed it), in the
 * caller's transaction, through the same matching as the tick. Returns the courier offered, or null.
 */
export async function offerJob(tx: Tx, job: WaitingJob, now = new Date()): Promise<number | null> {
  const { offers, jobs } = await planOffers(sqlOf(tx), [job.id], now);
  for (const offer of offers) if ((await makeOffer(tx, offer, jobs, now)).length) return offer.courierId;
  return null;
}

export const waitingJobSelect = { id: true, orderId: true, userId: true, restaurantId: true, pickupLat: true, pickupLng: true } as const;
