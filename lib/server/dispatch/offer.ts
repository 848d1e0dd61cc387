import "server-only";
import { FRESH_POSITION_MS, type Point } from "@/lib/shared/delivery";
import { config } from "../platform/config";
import type { Tx } from "../platform/db";
import { sqlOf, type Sql } from "../platform/sql";
import { insertOrderEvents } from "../order-events/write";
import { courierEvent } from "./events";

// Offering a waiting job to the nearest eligible courier (docs/architecture/couriers.md
// "Dispatch"): on shift, a position younger than 2 minutes, under COURIER_MAX_JOBS, no other
// offer open, not offered this job in the last 5 minutes. Called by the tick, and at once after
// an accept creates a job, a decline or a release.

/** Couriers farther than this (a box around the restaurant) are not offered its jobs. */
export const DISPATCH_RADIUS_KM = 20;
/** A courier who was offered a job is not offered it again for this long (a decline sticks). */
export const REOFFER_AFTER_MS = 5 * 60_000;
const KM_PER_DEGREE = 111.32;

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

/** The WHERE and ORDER BY shared by dispatch and the owner's courier list: eligible couriers near `at`, nearest first. */
export function eligibleCouriersSql(at: Point, now: Date, limit: number, extra = "", extraParams: unknown[] = []) {
  const box = searchBox(at, DISPATCH_RADIUS_KM);
  const text = `SELECT s."userId" AS "userId", s."lat" AS "lat", s."lng" AS "lng", s."activeJobs" AS "activeJobs", u."firstName" AS "firstName"
    FROM "CourierState" AS s JOIN "User" AS u ON u."id" = s."userId"
    WHERE s."onShift" = true AND u."courier" = true AND s."positionAt" >= ? AND s."activeJobs" < ?
      AND s."lat" BETWEEN ? AND ? AND s."lng" BETWEEN ? AND ?
      AND NOT EXISTS (SELECT 1 FROM "DeliveryJob" AS o WHERE o."courierId" = s."userId" AND o."state" = 'offered')${extra}
    ORDER BY (s."lat" - ?) * (s."lat" - ?) + (s."lng" - ?) * (s."lng" - ?) * ?, s."userId"
    LIMIT ${limit}`;
  const params = [
    new Date(now.getTime() - FRESH_POSITION_MS),
    config().dispatch.courierMaxJobs,
    box.minLat,
    box.maxLat,
    box.minLng,
    box.maxLng,
    ...extraParams,
    at.lat,
    at.lat,
    at.lng,
    at.lng,
    box.cosSq,
  ];
  return { text, params };
}

export type WaitingJob = { id: number; orderId: number; userId: number; restaurantId: number | null; pickupLat: number; pickupLng: number };

/** The nearest eligible courier for `job`, or null. */
async function nearestCourier(sql: Sql, job: WaitingJob, now: Date): Promise<number | null> {
  const { text, params } = eligibleCouriersSql(
    { lat: job.pickupLat, lng: job.pickupLng },
    now,
    1,
    ` AND s."userId" <> ? AND NOT EXISTS (SELECT 1 FROM "DeliveryOffer" AS d WHERE d."jobId" = ? AND d."courierId" = s."userId" AND d."offeredAt" >= ?)`,
    [job.userId, job.id, new Date(now.getTime() - REOFFER_AFTER_MS)],
  );
  const [row] = await sql.all<{ userId: number | bigint }>(text, params);
  return row ? Number(row.userId) : null;
}

/**
 * Offers the unassigned `job` to the nearest eligible courier, in the caller's transaction:
 * the courier's state row is locked first (PostgreSQL: a racing offer to the same courier
 * waits, then sees this one), then one conditional update of the job from unassigned. Returns
 * the courier offered, or null (nobody eligible, or the job moved on).
 */
export async function offerJob(tx: Tx, job: WaitingJob, now = new Date()): Promise<number | null> {
  const sql = sqlOf(tx);
  const courierId = await nearestCourier(sql, job, now);
  if (courierId === null) return null;
  await sql.all(`UPDATE "CourierState" SET "updatedAt" = ? WHERE "userId" = ?`, [now, courierId]);
  if (await tx.deliveryJob.count({ where: { courierId, state: "offered" } })) return null;
  const offerExpiresAt = new Date(now.getTime() + config().dispatch.offerSeconds * 1000);
  const { count } = await tx.deliveryJob.updateMany({ where: { id: job.id, state: "unassigned" }, data: { state: "offered", courierId, offerExpiresAt } });
  if (count !== 1) return null;
  await tx.deliveryOffer.create({ data: { jobId: job.id, courierId, offeredAt: now } });
  await insertOrderEvents(sql, [courierEvent(job, courierId, "job_offered", { offerExpiresAt: offerExpiresAt.toISOString() })], now);
  return courierId;
}

export const waitingJobSelect = { id: true, orderId: true, userId: true, restaurantId: true, pickupLat: true, pickupLng: true } as const;
