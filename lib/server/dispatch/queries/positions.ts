import "server-only";
import { row, rowOf } from "../../platform/row";
import { placeholders, type Sql } from "../../platform/sql";

// The position report's statements (dispatch/positions.ts, the courier app's hottest write): the
// 1/s claim with the last point and the jobs held, the new points, the courier's state; and the
// hourly prune.

const claimRow = rowOf({ lat: row.numberOrNull, lng: row.numberOrNull, positionAt: row.dateOrNull, activeJobs: row.int });

/** The report's claim: at most one a second, on shift only; the last position and the jobs held, or undefined (refused). */
export async function claimReport(sql: Sql, courierId: number, now: Date) {
  const [state] = await sql.all(
    `UPDATE "CourierState" SET "reportedAt" = ? WHERE "userId" = ? AND "onShift" = true AND ("reportedAt" IS NULL OR "reportedAt" <= ?)
       RETURNING "lat", "lng", "positionAt", "activeJobs"`,
    [now, courierId, new Date(now.getTime() - 1000)],
  );
  return state === undefined ? undefined : claimRow(state);
}

const shiftRow = rowOf({ onShift: row.bool });

/** Whether the courier is on shift (undefined: no state row). */
export async function onShiftOf(sql: Sql, courierId: number): Promise<boolean | undefined> {
  const [current] = await sql.all(`SELECT "onShift" FROM "CourierState" WHERE "userId" = ?`, [courierId]);
  return current === undefined ? undefined : shiftRow(current).onShift;
}

export type StoredPoint = { lat: number; lng: number; accuracy?: number | null; at: Date };

/** The accepted points, in one INSERT. */
export async function insertPoints(sql: Sql, courierId: number, points: readonly StoredPoint[]): Promise<void> {
  await sql.all(
    `INSERT INTO "CourierPosition" ("courierId", "lat", "lng", "accuracy", "at") VALUES ${points.map(() => placeholders(5)).join(", ")}`,
    points.flatMap((point) => [courierId, point.lat, point.lng, point.accuracy ?? null, point.at]),
  );
}

/** The courier's last position. */
export async function setPosition(sql: Sql, courierId: number, newest: StoredPoint, now: Date): Promise<void> {
  await sql.all(`UPDATE "CourierState" SET "lat" = ?, "lng" = ?, "accuracy" = ?, "positionAt" = ?, "updatedAt" = ? WHERE "userId" = ?`, [
    newest.lat,
    newest.lng,
    newest.accuracy ?? null,
    newest.at,
    now,
    courierId,
  ]);
}

/**
 * Positions older than `cutoff`, and the courier_position events with them; how many positions.
 * The events through their partial index (OrderEvent_courier_position_at_idx, the migration's
 * only): by `stage` alone the hourly delete read every event of every order.
 */
export async function deletePositionsBefore(sql: Sql, cutoff: Date): Promise<number> {
  const deleted = await sql.all(`DELETE FROM "CourierPosition" WHERE "at" < ? RETURNING "id"`, [cutoff]);
  await sql.all(`DELETE FROM "OrderEvent" WHERE "stage" = 'courier_position' AND "at" < ?`, [cutoff]);
  return deleted.length;
}
