import "server-only";
import { row, rowOf } from "../../platform/row";
import type { Sql } from "../../platform/sql";

// What a placement reads and writes besides the cart (place.ts, quote.ts): the account's open
// orders counted under its row's lock (open-orders.ts), the restaurant's sales tax rates
// (tax-rate.ts), a guest's delivery address saved (destination.ts).

/** PostgreSQL: the account's row locked as the wallet's debit would lock it (FOR NO KEY UPDATE: an order's foreign key to it is not blocked). */
export async function lockAccountRow(sql: Sql, userId: number): Promise<void> {
  await sql.all(`SELECT "id" FROM "User" WHERE "id" = ? FOR NO KEY UPDATE`, [userId]);
}

const openRow = rowOf({ mine: row.intOrZero, here: row.intOrZero });

/** The account's placed orders other than `orderId`: in all (`mine`) and at the restaurant (`here`). */
export async function placedOrderCounts(sql: Sql, userId: number, restaurantId: number, orderId: number): Promise<{ mine: number; here: number }> {
  const [found] = await sql.all(
    `SELECT COUNT(*) AS "mine", SUM(CASE WHEN "restaurantId" = ? THEN 1 ELSE 0 END) AS "here" FROM "Order" WHERE "userId" = ? AND "stage" = 'placed' AND "id" <> ?`,
    [restaurantId, userId, orderId],
  );
  return found === undefined ? { mine: 0, here: 0 } : openRow(found);
}

const rateRow = rowOf({
  id: row.int,
  state: row.text,
  zipPrefix: row.text,
  rateMilliPercent: row.int,
  taxesFees: row.bool,
  effectiveOn: row.text,
  zip: row.text,
  timeZone: row.text,
});
/** A rate, with the restaurant's ZIP and zone beside it. */
export type RestaurantRateRow = ReturnType<typeof rateRow>;

/**
 * The restaurant's rates whose prefix begins its ZIP and which are in effect on `day` (YYYY-MM-DD) or before: one statement.
 * None when its market's tax setup is "none" (docs/architecture/languages.md "Markets and currencies").
 */
export async function restaurantRates(sql: Sql, restaurantId: number, day: string): Promise<RestaurantRateRow[]> {
  const rows = await sql.all(
    `SELECT t."id", t."state", t."zipPrefix", t."rateMilliPercent", t."taxesFees", t."effectiveOn", r."zip", r."timeZone"
     FROM "Restaurant" r JOIN "TaxRate" t ON t."state" = r."state" AND substr(r."zip", 1, length(t."zipPrefix")) = t."zipPrefix"
     WHERE r."id" = ? AND t."effectiveOn" <= ? AND EXISTS (SELECT 1 FROM "Market" m WHERE m."id" = r."marketId" AND m."taxSetup" = 'sales_tax')`,
    [restaurantId, day],
  );
  return rows.map(rateRow);
}

/** A guest account's address and its place saved (an account with a profile is left as it is). */
export async function saveGuestAddressRow(
  sql: Sql,
  userId: number,
  address: { address: string; city: string; state: string; zip: string; lat: number; lng: number },
  now: Date,
): Promise<void> {
  await sql.all(`UPDATE "User" SET "address" = ?, "city" = ?, "state" = ?, "zip" = ?, "lat" = ?, "lng" = ?, "updatedAt" = ? WHERE "id" = ? AND "guestAccount" = ?`, [
    address.address,
    address.city,
    address.state,
    address.zip,
    address.lat,
    address.lng,
    now,
    userId,
    true,
  ]);
}

/** PostgreSQL: the restaurant's row locked for a capacity count (FOR NO KEY UPDATE: no UPDATE, so no catalog scope moves, and an order's foreign key to it is not blocked). */
export async function lockRestaurantRow(sql: Sql, restaurantId: number): Promise<void> {
  await sql.all(`SELECT "id" FROM "Restaurant" WHERE "id" = ? FOR NO KEY UPDATE`, [restaurantId]);
}

/** The stages an order holds its kitchen's place in: placed and every step forward (a rejected, canceled or expired one gives it back). */
const HOLDING = `('placed', 'accepted', 'ready', 'out_for_delivery', 'delivered')`;
const quarterRow = rowOf({ n: row.intOrZero });

/** Orders of the restaurant in the quarter hour [start, end): for now, placed in it; scheduled, for a slot in it. */
export async function quarterOrderCount(sql: Sql, restaurantId: number, start: Date, end: Date): Promise<number> {
  const [found] = await sql.all(
    `SELECT COUNT(*) AS "n" FROM "Order" WHERE "restaurantId" = ? AND "stage" IN ${HOLDING}
       AND (("scheduledFor" IS NULL AND "submittedAt" >= ? AND "submittedAt" < ?) OR ("scheduledFor" >= ? AND "scheduledFor" < ?))`,
    [restaurantId, start, end, start, end],
  );
  return found === undefined ? 0 : quarterRow(found).n;
}

const slotRow = rowOf({ scheduledFor: row.date });

/** The slots of the restaurant's scheduled orders in [from, to), one per order: the next free slot counts them by quarter hour. */
export async function scheduledSlots(sql: Sql, restaurantId: number, from: Date, to: Date): Promise<Date[]> {
  const rows = await sql.all(`SELECT "scheduledFor" FROM "Order" WHERE "restaurantId" = ? AND "stage" IN ${HOLDING} AND "scheduledFor" >= ? AND "scheduledFor" < ?`, [
    restaurantId,
    from,
    to,
  ]);
  return rows.map((found) => slotRow(found).scheduledFor);
}

const queueRow = rowOf({ restaurantId: row.int, queue: row.intOrZero });

/**
 * Each restaurant's kitchen queue: its orders for now placed or accepted and not yet ready (the
 * arrival quoted before ordering, lib/server/orders/arrival-quotes.ts). One statement on the
 * (restaurantId, stage, createdAt) index: it counts the open orders, never the history.
 */
export async function kitchenQueues(sql: Sql, restaurantIds: readonly number[]): Promise<Map<number, number>> {
  if (!restaurantIds.length) return new Map();
  const rows = await sql.all(
    `SELECT "restaurantId", COUNT(*) AS "queue" FROM "Order"
     WHERE "restaurantId" IN (${restaurantIds.map(() => "?").join(", ")}) AND "stage" IN ('placed', 'accepted') AND "scheduledFor" IS NULL
     GROUP BY "restaurantId"`,
    restaurantIds,
  );
  return new Map(rows.map(queueRow).map((r) => [r.restaurantId, r.queue]));
}
