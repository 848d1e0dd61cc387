import "server-only";
import { row, rowOf } from "../platform/row";
import type { Sql } from "../platform/sql";

// The address book's plain SQL as placing reads it (order-copy.ts: the one-call checkout places on
// SQLite's direct connection, platform/sql.ts), with its decoder.

const COLUMNS = `"id" AS "addressId", "label", "address", "unit", "city", "state", "zip", "instructions", "lat", "lng", "pinned", "precision"`;

/** A book entry as an order copies it, with whether its point is more than its ZIP's centre (pinned, or placed by the geocoder). */
const entryRow = rowOf({
  addressId: row.int,
  label: row.textOrNull,
  address: row.textOrNull,
  unit: row.textOrNull,
  city: row.textOrNull,
  state: row.textOrNull,
  zip: row.textOrNull,
  instructions: row.textOrNull,
  lat: row.numberOrNull,
  lng: row.numberOrNull,
  pinned: row.bool,
  precision: row.text,
});
export type BookEntry = ReturnType<typeof entryRow>;

/** The order's delivery* columns that hold its copy of the address (order-copy.ts copyColumns), with their decoders: every read of them decodes through these. */
export const orderCopyDecoders = {
  deliveryLabel: row.textOrNull,
  deliveryStreet: row.textOrNull,
  deliveryUnit: row.textOrNull,
  deliveryCity: row.textOrNull,
  deliveryState: row.textOrNull,
  deliveryZip: row.textOrNull,
  deliveryNote: row.textOrNull,
  deliveryLat: row.numberOrNull,
  deliveryLng: row.numberOrNull,
};

/** Those columns in a SELECT on "Order" named `alias`. */
export const orderCopySelect = (alias: string) =>
  Object.keys(orderCopyDecoders)
    .map((column) => `${alias}."${column}"`)
    .join(", ");

/** The user's default entry, if any. */
export async function defaultEntry(sql: Sql, userId: number): Promise<BookEntry | undefined> {
  const [found] = await sql.all(`SELECT ${COLUMNS} FROM "Address" WHERE "userId" = ? AND "isDefault" = ? LIMIT 1`, [userId, true]);
  return found === undefined ? undefined : entryRow(found);
}

/** The entry `addressId` if it is the user's own. */
export async function ownEntry(sql: Sql, userId: number, addressId: number): Promise<BookEntry | undefined> {
  const [found] = await sql.all(`SELECT ${COLUMNS} FROM "Address" WHERE "id" = ? AND "userId" = ?`, [addressId, userId]);
  return found === undefined ? undefined : entryRow(found);
}
