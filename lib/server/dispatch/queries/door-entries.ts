import "server-only";
import type { DoorEntry } from "@/lib/shared/delivery/door-photo";
import { row, rowOf } from "../../platform/row";
import type { Sql } from "../../platform/sql";

// The customer's address-book entries the building's photo reads (door-photo.ts), in plain SQL.

const entryRow = rowOf({
  id: row.int,
  lat: row.number,
  lng: row.number,
  doorPhoto: row.textOrNull,
  doorPhotoAt: row.dateOrNull,
  doorPhotoOff: row.bool,
});

/** The customer's entries the rule reads: with a photo, or with the photo turned off (the rest change nothing). */
export async function doorEntries(sql: Sql, userId: number, all = false): Promise<DoorEntry[]> {
  const rows = await sql.all(
    `SELECT "id", "lat", "lng", "doorPhoto", "doorPhotoAt", "doorPhotoOff" FROM "Address" WHERE "userId" = ?${all ? "" : ` AND ("doorPhoto" IS NOT NULL OR "doorPhotoOff" = ?)`}`,
    all ? [userId] : [userId, true],
  );
  return rows.map(entryRow);
}
