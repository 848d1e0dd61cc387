import "server-only";
import { FRESH_POSITION_MS, type Point } from "@/lib/shared/delivery/delivery";
import { EXPIRY_STREAK_PAUSE } from "@/lib/shared/delivery/offer-streak.mjs";
import { row, rowOf } from "../../platform/row";
import type { Sql } from "../../platform/sql";
import { pendingPosition } from "../position-batch";
import { DOCUMENTS_CLEAR, documentsClearParams, VEHICLE_COLUMN } from "../../onboarding/queries";

// The courier's state row (CourierState) in plain SQL: the offer's and the assignment's row lock,
// the jobs held, the expiry streak, the last position; and the couriers near a point.

/** Couriers farther than this (a box around the restaurant) are not offered its jobs. */
export const DISPATCH_RADIUS_KM = 20;
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

/** The courier's last position (any age), or null; one this process has not written yet first (position-batch.ts). */
export async function courierPoint(sql: Sql, courierId: number): Promise<Point | null> {
  const waiting = pendingPosition(courierId);
  if (waiting) return { lat: waiting.lat, lng: waiting.lng };
  const [found] = (await sql.all(`SELECT "lat", "lng" FROM "CourierState" WHERE "userId" = ?`, [courierId])).map(pointRow);
  return found && found.lat !== null && found.lng !== null ? { lat: found.lat, lng: found.lng } : null;
}
const pointRow = rowOf({ lat: row.numberOrNull, lng: row.numberOrNull });

/** The courier's last position with its accuracy and when it was taken (undefined: no state row); one not written yet first, as courierPoint. */
export async function courierFix(sql: Sql, courierId: number) {
  const [found] = (await sql.all(`SELECT "lat", "lng", "accuracy", "positionAt" FROM "CourierState" WHERE "userId" = ?`, [courierId])).map(fixRow);
  const waiting = found && pendingPosition(courierId);
  return waiting ? { lat: waiting.lat, lng: waiting.lng, accuracy: waiting.accuracy ?? null, positionAt: waiting.at } : found;
}
const fixRow = rowOf({ lat: row.numberOrNull, lng: row.numberOrNull, accuracy: row.numberOrNull, positionAt: row.dateOrNull });

/** One job fewer held (releaseJobSlot) and the courier's fix (courierFix) in the same statement; a courier holding none is only read. */
export async function releaseJobSlotReadingFix(sql: Sql, courierId: number, now: Date): ReturnType<typeof courierFix> {
  const [found] = (
    await sql.all(
      `UPDATE "CourierState" SET "activeJobs" = "activeJobs" - 1, "updatedAt" = ? WHERE "userId" = ? AND "activeJobs" > 0 RETURNING "lat", "lng", "accuracy", "positionAt"`,
      [now, courierId],
    )
  ).map(fixRow);
  if (!found) return courierFix(sql, courierId);
  const waiting = pendingPosition(courierId);
  return waiting ? { lat: waiting.lat, lng: waiting.lng, accuracy: waiting.accuracy ?? null, positionAt: waiting.at } : found;
}

/** The courier's row locked for an assignment (the order an offer takes it in: offer.ts): on shift, or undefined without a row. */
export async function lockForAssignment(sql: Sql, courierId: number, now: Date): Promise<{ onShift: boolean } | undefined> {
  const [state] = (await sql.all(`UPDATE "CourierState" SET "updatedAt" = ? WHERE "userId" = ? RETURNING "onShift"`, [now, courierId])).map(shiftRow);
  return state;
}
const shiftRow = rowOf({ onShift: row.bool });

/** The courier's row locked for an offer, with what decides whether they may take one; undefined without a row. */
export async function lockForOffer(sql: Sql, courierId: number, now: Date) {
  const [state] = (
    await sql.all(`UPDATE "CourierState" SET "updatedAt" = ? WHERE "userId" = ? RETURNING "onShift", "activeJobs", "expiredStreak"`, [now, courierId])
  ).map(offerLockRow);
  return state;
}
const offerLockRow = rowOf({ onShift: row.bool, activeJobs: row.int, expiredStreak: row.int });

/** One more job held, unless the courier holds `max` already (or has no row): false then. */
export async function takeJobSlot(sql: Sql, courierId: number, now: Date, max: number): Promise<boolean> {
  const rows = await sql.all(`UPDATE "CourierState" SET "activeJobs" = "activeJobs" + 1, "updatedAt" = ? WHERE "userId" = ? AND "activeJobs" < ? RETURNING "userId"`, [
    now,
    courierId,
    max,
  ]);
  return rows.length > 0;
}

/** One job fewer held. */
export async function releaseJobSlot(sql: Sql, courierId: number, now: Date): Promise<void> {
  await sql.all(`UPDATE "CourierState" SET "activeJobs" = "activeJobs" - 1, "updatedAt" = ? WHERE "userId" = ? AND "activeJobs" > 0`, [now, courierId]);
}

/** The courier's run of offers let run out set to `streak` (an answer ends it). */
export async function setExpiryStreak(sql: Sql, courierId: number, streak: number): Promise<void> {
  await sql.all(`UPDATE "CourierState" SET "expiredStreak" = ? WHERE "userId" = ? AND "expiredStreak" <> 0`, [streak, courierId]);
}

/** One more offer let run out in a row. */
export async function addExpiredOffer(sql: Sql, courierId: number): Promise<void> {
  await sql.all(`UPDATE "CourierState" SET "expiredStreak" = "expiredStreak" + 1 WHERE "userId" = ?`, [courierId]);
}

/** The time zone of the courier's newest job's restaurant, if any. */
export async function newestJobTimeZone(sql: Sql, courierId: number): Promise<string | undefined> {
  const [found] = (
    await sql.all(
      `SELECT r."timeZone" AS "timeZone" FROM "DeliveryJob" AS j JOIN "Restaurant" AS r ON r."id" = j."restaurantId"
     WHERE j."courierId" = ? ORDER BY j."id" DESC LIMIT 1`,
      [courierId],
    )
  ).map(timeZoneRow);
  return found?.timeZone;
}
const timeZoneRow = rowOf({ timeZone: row.text });

/**
 * The couriers on shift with a fresh position near `at`, nearest first, with what the owner's
 * list and the matching need: jobs held, an open offer, the expiry streak. `extra` narrows it.
 */
export function couriersNearSql(at: Point, now: Date, limit: number, extra = "", extraParams: unknown[] = []) {
  const box = searchBox(at, DISPATCH_RADIUS_KM);
  const text = `SELECT s."userId" AS "userId", s."lat" AS "lat", s."lng" AS "lng", s."activeJobs" AS "activeJobs", s."expiredStreak" AS "expiredStreak",
      u."firstName" AS "firstName", u."demoAccount" AS "demo", ${VEHICLE_COLUMN},
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

/** The matching's filter: a courier whose offers are paused for releasing too often is not a candidate (its parameter: now). */
export const NOT_RELEASE_PAUSED = ` AND (s."releasePausedUntil" IS NULL OR s."releasePausedUntil" <= ?)`;

/** The demo couriers (the simulator weighs them however many others are nearer). */
export const DEMO_COURIER = ` AND u."demoAccount" = true`;

const nearRow = rowOf({
  userId: row.int,
  lat: row.number,
  lng: row.number,
  activeJobs: row.int,
  expiredStreak: row.int,
  firstName: row.text,
  demo: row.bool,
  offered: row.bool,
  vehicle: row.textOrNull,
});
export type NearCourier = ReturnType<typeof nearRow>;

/** couriersNearSql's couriers, read in `sql`. */
export async function couriersNear(sql: Sql, at: Point, now: Date, limit: number, extra = "", extraParams: unknown[] = []): Promise<NearCourier[]> {
  const { text, params } = couriersNearSql(at, now, limit, extra, extraParams);
  return (await sql.all(text, params)).map(nearRow);
}

/**
 * The couriers on shift with a fresh position inside `box`, each with whether they are free now
 * (holding no job and no offer, not paused, their documents clear): the arrival quoted before ordering counts the free
 * ones near each restaurant (lib/server/orders/arrival-quotes.ts). Bounded by the couriers on
 * shift, never by history.
 */
export async function shiftCourierPoints(
  sql: Sql,
  box: { minLat: number; maxLat: number; minLng: number; maxLng: number },
  now: Date,
): Promise<(Point & { free: boolean })[]> {
  const rows = await sql.all(
    `SELECT s."lat" AS "lat", s."lng" AS "lng", CASE WHEN 1 = 1${MAY_BE_OFFERED}${DOCUMENTS_CLEAR} THEN 1 ELSE 0 END AS "free"
    FROM "CourierState" AS s JOIN "User" AS u ON u."id" = s."userId"
    WHERE s."onShift" = true AND u."courier" = true AND s."positionAt" >= ?
      AND s."lat" BETWEEN ? AND ? AND s."lng" BETWEEN ? AND ?`,
    [...documentsClearParams(now), new Date(now.getTime() - FRESH_POSITION_MS), box.minLat, box.maxLat, box.minLng, box.maxLng],
  );
  return rows.map(shiftPointRow).map((r) => ({ lat: r.lat, lng: r.lng, free: r.free === 1 }));
}
const shiftPointRow = rowOf({ lat: row.number, lng: row.number, free: row.int });
