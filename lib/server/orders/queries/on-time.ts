import "server-only";
import { row, rowOf } from "../../platform/row";
import type { Sql } from "../../platform/sql";

// The on-time record (docs/architecture/order-stages.md "Arrival window"): delivered orders with
// the range they were promised before ordering and the minutes they took. Read through the
// (restaurantId, closedAt) index, newest first, never the whole history.

const promiseRow = rowOf({ promisedMinMinutes: row.int, promisedMaxMinutes: row.int, actualMinutes: row.int });
export type KeptPromise = ReturnType<typeof promiseRow>;

/** The restaurant's latest `limit` delivered orders with a promise and their actual minutes, newest first. */
export async function latestPromises(sql: Sql, restaurantId: number, limit: number): Promise<KeptPromise[]> {
  const rows = await sql.all(
    `SELECT "promisedMinMinutes", "promisedMaxMinutes", "actualMinutes" FROM "Order"
     WHERE "restaurantId" = ? AND "closedAt" IS NOT NULL AND "stage" = 'delivered' AND "promisedMaxMinutes" IS NOT NULL AND "actualMinutes" IS NOT NULL
     ORDER BY "closedAt" DESC LIMIT ${Math.max(1, Math.floor(limit))}`,
    [restaurantId],
  );
  return rows.map(promiseRow);
}
