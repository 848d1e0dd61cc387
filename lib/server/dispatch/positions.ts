import "server-only";
import { ARRIVING_WITHIN_KM, distanceKm, FRESH_POSITION_MS, MAX_COURIER_SPEED_KMH, MIN_POINT_GAP_MS, roundPosition } from "@/lib/shared/delivery/delivery";
import { ApiError, conflict } from "../platform/errors";
import { sqlTransaction, type Sql } from "../platform/sql";
import { carriedJobs } from "./queries/jobs";
import { claimReport, deletePositionsBefore, insertPoints, onShiftOf, setPosition } from "./queries/positions";
import type { Courier } from "./courier";
import { insertOrderEvents } from "../order-events/write";
import { orderEvent } from "./events";
import { courierArrivingNotification } from "../notifications/of-events";
import { notify } from "../notifications/outbox";
import { config } from "../platform/config";
import { said } from "@/lib/shared/words/said";

// POST /api/courier/position (docs/architecture/couriers.md "Positions"): the courier app's
// hottest write, kept to a handful of statements in one transaction (on SQLite, directly on the
// connection: sqlTransaction): the 1/s claim (which also reads the last point and the jobs
// held), the new points, the courier's state, and for a courier carrying food the rounded
// position on each of those orders' streams.

/** `ageMs` (how long before the report the phone took it, by its own clock) wins over `at`: the point is dated by the server's clock. */
export type PositionPoint = { lat: number; lng: number; accuracy?: number | null; at?: Date | null; ageMs?: number | null };

export const OFF_SHIFT = said("messages.offShiftPosition");
export const TOO_OFTEN = said("messages.positionsTooOften");

/**
 * Accepted points after the future, pace and speed checks: from the previous point, each in time
 * order. At most one point a second is kept (MIN_POINT_GAP_MS): a point less than a second after
 * the last one kept is dropped, so a batch of 50 points taken within a second stores one.
 */
export function acceptablePoints(previous: { lat: number; lng: number; at: Date } | null, points: PositionPoint[], now: Date) {
  const sorted = points.map((point) => datedPoint(point, now)).sort((a, b) => a.at.getTime() - b.at.getTime());
  const accepted: (PositionPoint & { at: Date })[] = [];
  let last = previous;
  for (const point of sorted) {
    // A small allowance for clocks: a point dated more than 5 s ahead of the server is dropped.
    if (point.at.getTime() > now.getTime() + 5_000) continue;
    if (last) {
      const gapMs = point.at.getTime() - last.at.getTime();
      if (gapMs < MIN_POINT_GAP_MS) continue;
      if (distanceKm(last, point) / (gapMs / 3_600_000) > MAX_COURIER_SPEED_KMH) continue;
    }
    accepted.push(point);
    last = point;
  }
  return accepted;
}

/**
 * A point dated by the server's receipt time less the fix's age when the app sends it (a phone
 * clock set wrong changes nothing), else by its `at`, else now.
 */
export function datedPoint({ ageMs, ...point }: PositionPoint, now: Date): PositionPoint & { at: Date } {
  return { ...point, at: ageMs != null ? new Date(now.getTime() - ageMs) : (point.at ?? now) };
}

/**
 * The fix a step at a stop sent (the one its card measured from: courier-steps/at-stop.ts), dated
 * as a report's point; null when it is not fresh (older than FRESH_POSITION_MS) or in the future.
 * Kept in the courier's track and as their position when the track's rules take it (the speed
 * from the last point, one a second); the stop's check uses it either way.
 */
export async function takeStepFix(sql: Sql, courierId: number, sent: PositionPoint, previous: { lat: number; lng: number; at: Date } | null, now: Date) {
  const fix = datedPoint(sent, now);
  const age = now.getTime() - fix.at.getTime();
  if (age > FRESH_POSITION_MS || age < -5_000) return null;
  if (acceptablePoints(previous, [fix], now).length) {
    await insertPoints(sql, courierId, [fix]);
    await setPosition(sql, courierId, fix, now);
  }
  return fix;
}

export async function reportPositions(courier: Courier, points: PositionPoint[], now = new Date()): Promise<{ accepted: number; dropped: number }> {
  return sqlTransaction(
    async (sql) => {
      const state = await claimReport(sql, courier.id, now);
      if (!state) {
        if (!(await onShiftOf(sql, courier.id))) throw conflict(OFF_SHIFT);
        throw new ApiError("too_many_requests", TOO_OFTEN, undefined, { "Retry-After": "1" });
      }
      const previous = state.lat !== null && state.lng !== null && state.positionAt ? { lat: state.lat, lng: state.lng, at: state.positionAt } : null;
      const accepted = acceptablePoints(previous, points, now);
      const newest = accepted.at(-1);
      if (newest) {
        await insertPoints(sql, courier.id, accepted);
        await setPosition(sql, courier.id, newest, now);
        if (state.activeJobs > 0) {
          const carrying = await carriedJobs(sql, courier.id);
          const at = roundPosition(newest);
          const jobs = carrying.map(({ dropoffLat, dropoffLng, ...job }) => ({ ...job, dropoff: { lat: dropoffLat, lng: dropoffLng } }));
          await insertOrderEvents(
            sql,
            // With when it was taken: the order's arrival estimate counts from it (lib/shared/delivery/arrival.ts), on the server and the page alike.
            jobs.map((job) => orderEvent(job, "courier_position", { ...at, positionAt: newest.at.toISOString() })),
            now,
          );
          // "Dev is arriving": as the food crosses ARRIVING_WITHIN_KM of the door (the outbox's cause keeps it to one).
          const arriving = jobs.filter(
            (job) => distanceKm(newest, job.dropoff) < ARRIVING_WITHIN_KM && (!previous || distanceKm(previous, job.dropoff) >= ARRIVING_WITHIN_KM),
          );
          if (arriving.length && config().notifications.outbox) {
            await notify(
              sql,
              arriving.map((job) => courierArrivingNotification(job, courier.firstName)),
              now,
            );
          }
        }
      }
      return { accepted: accepted.length, dropped: points.length - accepted.length };
      // A position is out of date in seconds: its commit does not wait for the disk (Durability in
      // platform/sql.ts; the wait was 4 ms of a blocked event loop per report).
    },
    { durability: "relaxed" },
  );
}

/** The hourly sweep: positions older than POSITION_RETENTION_DAYS, and the courier_position events with them. */
export async function prunePositions(cutoff: Date): Promise<number> {
  return sqlTransaction((sql) => deletePositionsBefore(sql, cutoff));
}
