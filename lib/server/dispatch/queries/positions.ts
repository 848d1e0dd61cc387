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

const reportStateRow = rowOf({
  onShift: row.bool,
  reportedAt: row.dateOrNull,
  lat: row.numberOrNull,
  lng: row.numberOrNull,
  positionAt: row.dateOrNull,
  activeJobs: row.int,
});

/** What a batched report reads (position-batch.ts): the shift, the last claim, the last position and the jobs held; undefined without a row. */
export async function reportState(sql: Sql, courierId: number) {
  const [state] = await sql.all(`SELECT "onShift", "reportedAt", "lat", "lng", "positionAt", "activeJobs" FROM "CourierState" WHERE "userId" = ?`, [courierId]);
  return state === undefined ? undefined : reportStateRow(state);
}

/**
 * A statement's list holds a power of two of rows or ids, at most 256 (the rows split into such
 * parts, an id list padded with its first id): the kept statements are keyed by their text
 * (prepared-statements.ts), and a text for every list length would push the hot ones out.
 */
const CHUNKS = [256, 128, 64, 32, 16, 8, 4, 2, 1];
/** `items` in chunks of CHUNKS' lengths, the largest first. */
function chunked<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length;) {
    const size = CHUNKS.find((n) => n <= items.length - i)!;
    out.push(items.slice(i, i + size));
    i += size;
  }
  return out;
}
/** `ids` as `IN` lists of CHUNKS' lengths (the last one padded with its first id). */
function idLists(ids: readonly number[]): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < ids.length; i += CHUNKS[0]!) {
    const part = ids.slice(i, i + CHUNKS[0]!);
    const size = [...CHUNKS].reverse().find((n) => n >= part.length)!;
    out.push([...part, ...Array.from({ length: size - part.length }, () => part[0]!)]);
  }
  return out;
}

const flushedRow = rowOf({ id: row.int, courierId: row.int, at: row.date });

/**
 * A flush of batched reports (position-batch.ts), in one transaction: the couriers still on shift
 * (a shift ended since the report keeps none of its points), their points, and each one's newest
 * point as its position unless a newer one is already there (a report written at once since),
 * dated as the claim of a report (the demo simulator's sign that a person drives the courier;
 * the point's time, never later than its report's, so it never refuses the next report).
 */
export async function flushBatchedPoints(sql: Sql, due: ReadonlyMap<number, readonly StoredPoint[]>, now: Date): Promise<void> {
  const onShift = new Set<number>();
  for (const ids of idLists([...due.keys()])) {
    const rows = await sql.all(`SELECT "userId" FROM "CourierState" WHERE "onShift" = true AND "userId" IN ${placeholders(ids.length)}`, ids);
    for (const r of rows) onShift.add(row.int(r.userId, "userId"));
  }
  const points = [...due].filter(([courierId]) => onShift.has(courierId)).flatMap(([courierId, list]) => list.map((point) => ({ courierId, ...point })));
  const newest = new Map<number, { id: number; at: number }>();
  for (const part of chunked(points)) {
    const inserted = await sql.all(
      `INSERT INTO "CourierPosition" ("courierId", "lat", "lng", "accuracy", "at") VALUES ${part.map(() => placeholders(5)).join(", ")} RETURNING "id", "courierId", "at"`,
      part.flatMap((point) => [point.courierId, point.lat, point.lng, point.accuracy ?? null, point.at]),
    );
    for (const { id, courierId, at } of inserted.map(flushedRow)) {
      const known = newest.get(courierId);
      if (!known || at.getTime() > known.at) newest.set(courierId, { id, at: at.getTime() });
    }
  }
  for (const ids of idLists([...newest.values()].map((point) => point.id))) {
    await sql.all(
      `UPDATE "CourierState" SET "lat" = p."lat", "lng" = p."lng", "accuracy" = p."accuracy", "positionAt" = p."at", "updatedAt" = ?,
           "reportedAt" = CASE WHEN "CourierState"."reportedAt" IS NULL OR "CourierState"."reportedAt" < p."at" THEN p."at" ELSE "CourierState"."reportedAt" END
         FROM "CourierPosition" p
         WHERE p."id" IN ${placeholders(ids.length)} AND p."courierId" = "CourierState"."userId"
           AND ("CourierState"."positionAt" IS NULL OR "CourierState"."positionAt" < p."at")`,
      [now, ...ids],
    );
  }
}

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
