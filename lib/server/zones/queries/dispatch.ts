import "server-only";
import { row, rowOf } from "../../platform/row";
import { placeholders, type Sql } from "../../platform/sql";

// The zones' reads in plain SQL for the dispatch tick (read.ts zonesIn, dispatch-zones.ts), each
// row shape with its decoder; the zone screens read through Prisma.

const zoneRow = rowOf({ id: row.int, name: row.text, polygon: row.text, needs: row.text, updatedAt: row.date });

/** Every zone as stored, oldest first. */
export async function zoneRows(sql: Sql) {
  return (await sql.all(`SELECT "id", "name", "polygon", "needs", "updatedAt" FROM "CourierZone" ORDER BY "id"`)).map(zoneRow);
}

const bookingRow = rowOf({ courierId: row.int, zoneId: row.int });

/** The zone each of `courierIds` is booked in for the block starting at `startsAt` (none: no row). */
export async function bookingsAt(sql: Sql, startsAt: Date, courierIds: number[]) {
  const rows = await sql.all(`SELECT "courierId", "zoneId" FROM "ZoneBooking" WHERE "startsAt" = ? AND "courierId" IN ${placeholders(courierIds.length)}`, [
    startsAt,
    ...courierIds,
  ]);
  return rows.map(bookingRow);
}
