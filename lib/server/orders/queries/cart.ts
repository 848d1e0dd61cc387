import "server-only";
import { row, rowOf } from "../../platform/row";
import { placeholders, type Sql } from "../../platform/sql";

// The cart's statements at placement: its one read (the restaurant with the cart's dishes, their
// option groups and options, and the market's delivery pricing), its claim by the order (IdempotencyKey, scope "orders.cart"), and
// the Active order made for it at checkout (scope "orders.checkout-cart", cart-order.ts).

const cartRow = rowOf({
  rId: row.int,
  rName: row.text,
  storeImage: row.text,
  ownerId: row.int,
  servicing: row.bool,
  suspendedAt: row.dateOrNull,
  deliveryTime: row.int,
  busyExtraMinutes: row.int,
  busyUntil: row.dateOrNull,
  closingTime: row.text,
  timeZone: row.text,
  hours: row.text,
  closures: row.text,
  lat: row.numberOrNull,
  lng: row.numberOrNull,
  deliveryRadiusKm: row.number,
  pausedUntil: row.dateOrNull,
  capacityPer15: row.intOrNull,
  minOrderCents: row.intOrNull,
  freeDeliveryOverCents: row.intOrNull,
  pricingRule: row.textOrNull,
  /** The restaurant's market's (lib/shared/money/currency.ts): the order's. */
  currency: row.text,
  defaultPrepMinutes: row.int,
  offers: row.bool,
  mId: row.intOrNull,
  mName: row.textOrNull,
  priceCents: row.intOrNull,
  allowsInstructions: row.boolOrNull,
  soldOutUntil: row.dateOrNull,
  allergens: row.intOrNull,
  dietLabels: row.intOrNull,
  availableFrom: row.textOrNull,
  availableUntil: row.textOrNull,
  gId: row.intOrNull,
  gName: row.textOrNull,
  minChoices: row.intOrNull,
  maxChoices: row.intOrNull,
  oId: row.intOrNull,
  oName: row.textOrNull,
  priceDeltaCents: row.intOrNull,
  soldOutOn: row.textOrNull,
  oAllergens: row.intOrNull,
  removesLabels: row.intOrNull,
});
/** One row of cartRows' join: the restaurant, then a dish, a group and an option of it (each null when absent). */
export type CartRow = ReturnType<typeof cartRow>;

/**
 * The restaurant and those of `dishIds` on its menu (its section's window too), each with its
 * option groups and their options in display order, in ONE statement: a join of the five tables,
 * one row per option (a dish without groups, a group without options: one row with nulls). No
 * rows: no such restaurant.
 */
export async function cartRows(sql: Sql, restaurantId: number, dishIds: readonly number[]): Promise<CartRow[]> {
  const ids = dishIds.length ? dishIds : [0];
  const rows = await sql.all(
    `SELECT r."id" AS "rId", r."name" AS "rName", r."storeImage", r."ownerId", r."servicing", r."suspendedAt", r."deliveryTime", r."busyExtraMinutes", r."busyUntil", r."closingTime", r."timeZone", r."hours", r."closures", r."lat", r."lng", r."deliveryRadiusKm", r."pausedUntil", r."capacityPer15", r."defaultPrepMinutes",
            r."minOrderCents", r."freeDeliveryOverCents", (SELECT mp."rule" FROM "MarketPricing" mp WHERE mp."id" = r."marketId") AS "pricingRule",
            (SELECT mk."currency" FROM "Market" mk WHERE mk."id" = r."marketId") AS "currency",
            EXISTS (SELECT 1 FROM "Promotion" p WHERE p."restaurantId" = r."id" AND p."deletedAt" IS NULL AND p."code" IS NULL) AS "offers",
            m."id" AS "mId", m."name" AS "mName", m."priceCents", m."allowsInstructions", m."soldOutUntil", m."allergens", m."dietLabels", s."availableFrom", s."availableUntil",
            g."id" AS "gId", g."name" AS "gName", g."minChoices", g."maxChoices",
            o."id" AS "oId", o."name" AS "oName", o."priceDeltaCents", o."soldOutOn", o."allergens" AS "oAllergens", o."removesLabels"
     FROM "Restaurant" r
     LEFT JOIN "MenuItem" m ON m."restaurantId" = r."id" AND m."id" IN ${placeholders(ids.length)}
     LEFT JOIN "MenuSection" s ON s."id" = m."sectionId"
     LEFT JOIN "OptionGroup" g ON g."menuItemId" = m."id"
     LEFT JOIN "MenuOption" o ON o."groupId" = g."id"
     WHERE r."id" = ?
     ORDER BY m."id", g."position", g."id", o."position", o."id"`,
    [...ids, restaurantId],
  );
  return rows.map(cartRow);
}

const claimRow = rowOf({ responseBody: row.text });

/**
 * The cart `key` claimed under `scope` for the order `orderId` (INSERT ... ON CONFLICT DO NOTHING:
 * a claim already there stays), then the order that holds it (its id as text), or undefined.
 */
export async function claimCartKey(sql: Sql, userId: number, scope: string, key: string, orderId: number, now: Date): Promise<string | undefined> {
  await sql.all(
    `INSERT INTO "IdempotencyKey" ("userId", "scope", "key", "requestHash", "status", "responseBody", "createdAt") VALUES (?, ?, ?, '', 200, ?, ?) ON CONFLICT DO NOTHING`,
    [userId, scope, key, String(orderId), now],
  );
  return cartKeyHolder(sql, userId, scope, key);
}

/** The order that holds the cart `key` under `scope` (its id as text), or undefined: nothing read is written. */
export async function cartKeyHolder(sql: Sql, userId: number, scope: string, key: string): Promise<string | undefined> {
  const [found] = await sql.all(`SELECT "responseBody" FROM "IdempotencyKey" WHERE "userId" = ? AND "scope" = ? AND "key" = ?`, [userId, scope, key]);
  return found === undefined ? undefined : claimRow(found).responseBody;
}

/**
 * The row of the cart `key` under `scope`, made when missing and held for the rest of the
 * transaction (the UPDATE takes its write lock: a second request for the same cart waits here
 * for the first to commit, on SQLite and PostgreSQL alike), then the order it names ('' none yet).
 */
export async function holdCartKey(sql: Sql, userId: number, scope: string, key: string, now: Date): Promise<string> {
  await sql.all(
    `INSERT INTO "IdempotencyKey" ("userId", "scope", "key", "requestHash", "status", "responseBody", "createdAt") VALUES (?, ?, ?, '', 200, '', ?) ON CONFLICT DO NOTHING`,
    [userId, scope, key, now],
  );
  await sql.all(`UPDATE "IdempotencyKey" SET "status" = 200 WHERE "userId" = ? AND "scope" = ? AND "key" = ?`, [userId, scope, key]);
  return (await cartKeyHolder(sql, userId, scope, key)) ?? "";
}

/** The cart `key` under `scope` now names the order `orderId` (its row held by holdCartKey). */
export async function pointCartKey(sql: Sql, userId: number, scope: string, key: string, orderId: number): Promise<void> {
  await sql.all(`UPDATE "IdempotencyKey" SET "responseBody" = ? WHERE "userId" = ? AND "scope" = ? AND "key" = ?`, [String(orderId), userId, scope, key]);
}
