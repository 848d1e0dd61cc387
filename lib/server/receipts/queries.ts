import "server-only";
import { row, rowOf } from "../platform/row";
import type { Sql } from "../platform/sql";

// What a receipt reads besides the order (docs/architecture/receipts.md): the card its payment
// was made with, and where the restaurant is.

const cardRow = rowOf({ brand: row.text, last4: row.text });

/** The card of the order's own payment (not a tip's or a change's): the newest authorization that was not refused. */
export async function orderCard(sql: Sql, orderId: number): Promise<{ brand: string; last4: string } | null> {
  const [found] = await sql.all(
    `SELECT "brand", "last4" FROM "Payment" WHERE "orderId" = ? AND "purpose" = 'order' AND "state" NOT IN ('failed', 'requires_action') ORDER BY "id" DESC LIMIT 1`,
    [orderId],
  );
  return found === undefined ? null : cardRow(found);
}

const placeRow = rowOf({ address: row.text, city: row.text, state: row.text, zip: row.text });

/** The restaurant's street address on one line ("1 Main St, San Francisco, CA 94110"); null once it was deleted. */
export async function restaurantAddress(sql: Sql, restaurantId: number | null): Promise<string | null> {
  if (restaurantId === null) return null;
  const [found] = await sql.all(`SELECT "address", "city", "state", "zip" FROM "Restaurant" WHERE "id" = ?`, [restaurantId]);
  if (found === undefined) return null;
  const place = placeRow(found);
  return `${place.address}, ${place.city}, ${place.state} ${place.zip}`;
}

/** What a member's order saved on its fees (MemberBenefit, lib/server/membership/benefit.ts): 0 for any other order. */
export async function memberSaving(sql: Sql, orderId: number): Promise<number> {
  const [found] = await sql.all(`SELECT "deliveryCents" + "serviceFeeCents" AS "cents" FROM "MemberBenefit" WHERE "orderId" = ?`, [orderId]);
  return found === undefined ? 0 : rowOf({ cents: row.int })(found).cents;
}
