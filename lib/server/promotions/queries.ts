import "server-only";
import type { PromotionKind } from "@/lib/shared/money/promotions";
import { row, rowOf, type Decoder, type RowOf } from "../platform/row";
import { insertReturningIds, type Sql } from "../platform/sql";

// The promotions' plain SQL (docs/architecture/promotions.md), each row shape with its decoder:
// what the checkout reads and moves in the placement's transaction (apply.ts: the offers, a code,
// the customer's orders and uses, the counter's conditional move, the redemption and its return),
// and the owner's list's results in one grouped statement (manage.ts).

const PROMOTION_COLUMNS = `p."id", p."restaurantId", p."code", p."kind", p."value", p."maxDiscountCents", p."minSubtotalCents", p."startsAt", p."endsAt", p."firstOrderOnly", p."perCustomerLimit", p."totalLimit", p."redeemedCount",
  p."fundedBy", p."dishId", p."sectionId", p."windowFrom", p."windowUntil", p."stacksWithCode",
  (SELECT d."name" FROM "MenuItem" d WHERE d."id" = p."dishId") AS "dishName", (SELECT s."name" FROM "MenuSection" s WHERE s."id" = p."sectionId") AS "sectionName"`;

const kind: Decoder<PromotionKind> = (value, column) => row.text(value, column) as PromotionKind;

const promotionRow = rowOf({
  id: row.int,
  restaurantId: row.int,
  code: row.textOrNull,
  kind,
  value: row.int,
  maxDiscountCents: row.intOrNull,
  minSubtotalCents: row.int,
  startsAt: row.dateOrNull,
  endsAt: row.dateOrNull,
  firstOrderOnly: row.bool,
  /** null: no limit per customer. */
  perCustomerLimit: row.intOrNull,
  totalLimit: row.intOrNull,
  redeemedCount: row.int,
  /** restaurant | platform: who pays its discount (docs/architecture/promotions.md "Who pays"). */
  fundedBy: row.text,
  dishId: row.intOrNull,
  sectionId: row.intOrNull,
  windowFrom: row.textOrNull,
  windowUntil: row.textOrNull,
  stacksWithCode: row.bool,
  dishName: row.textOrNull,
  sectionName: row.textOrNull,
});
export type PromotionRow = RowOf<typeof promotionRow>;

/** The restaurant's automatic offers (no code) not deleted, ended or not. */
export async function automaticPromotions(sql: Sql, restaurantId: number): Promise<PromotionRow[]> {
  const rows = await sql.all(`SELECT ${PROMOTION_COLUMNS} FROM "Promotion" p WHERE p."restaurantId" = ? AND p."deletedAt" IS NULL AND p."code" IS NULL`, [restaurantId]);
  return rows.map(promotionRow);
}

const restaurantNameRow = rowOf({ restaurantName: row.text });

/** The promotions with this code (codes are unique per restaurant, not across them), each with its restaurant's name, oldest first. */
export async function promotionsByCode(sql: Sql, codeKey: string): Promise<(PromotionRow & { restaurantName: string })[]> {
  const rows = await sql.all(
    `SELECT ${PROMOTION_COLUMNS}, r."name" AS "restaurantName" FROM "Promotion" p JOIN "Restaurant" r ON r."id" = p."restaurantId" WHERE p."codeKey" = ? ORDER BY p."id"`,
    [codeKey],
  );
  return rows.map((found) => ({ ...promotionRow(found), ...restaurantNameRow(found) }));
}

/** Whether the customer has an order at the restaurant (other than `exceptOrderId`) that did not end without food. */
export async function hasLiveOrderAt(sql: Sql, userId: number, restaurantId: number, exceptOrderId: number): Promise<boolean> {
  const rows = await sql.all(
    `SELECT 1 AS "found" FROM "Order" WHERE "userId" = ? AND "restaurantId" = ? AND "id" <> ? AND "stage" IS NOT NULL AND "stage" NOT IN ('canceled', 'rejected', 'expired') LIMIT 1`,
    [userId, restaurantId, exceptOrderId],
  );
  return rows.length > 0;
}

const countRow = rowOf({ n: row.int });

/** How many times the customer has taken the promotion. */
export async function redemptionsBy(sql: Sql, promotionId: number, userId: number): Promise<number> {
  const [found] = await sql.all(`SELECT COUNT(*) AS "n" FROM "PromotionRedemption" WHERE "promotionId" = ? AND "userId" = ?`, [promotionId, userId]);
  return found === undefined ? 0 : countRow(found).n;
}

/** The counter moved up by one while under the total limit (one conditional UPDATE: on PostgreSQL it locks the row); false: all used up. */
export async function takeRedemption(sql: Sql, promotionId: number): Promise<boolean> {
  const taken = await sql.all(
    `UPDATE "Promotion" SET "redeemedCount" = "redeemedCount" + 1 WHERE "id" = ? AND ("totalLimit" IS NULL OR "redeemedCount" < "totalLimit") RETURNING "id"`,
    [promotionId],
  );
  return taken.length > 0;
}

/** The order's PromotionRedemption row (unique per order). */
export async function insertRedemption(sql: Sql, redemption: { promotionId: number; userId: number; orderId: number; createdAt: Date }): Promise<void> {
  await insertReturningIds(sql, "PromotionRedemption", [redemption]);
}

const promotionIdRow = rowOf({ promotionId: row.int });

/** The order's redemptions deleted: the promotions they took. */
export async function deleteRedemptionsOf(sql: Sql, orderId: number): Promise<number[]> {
  const returned = await sql.all(`DELETE FROM "PromotionRedemption" WHERE "orderId" = ? RETURNING "promotionId"`, [orderId]);
  return returned.map((deleted) => promotionIdRow(deleted).promotionId);
}

/** The counter moved down by one (never below zero). */
export async function returnRedemption(sql: Sql, promotionId: number): Promise<void> {
  await sql.all(`UPDATE "Promotion" SET "redeemedCount" = "redeemedCount" - 1 WHERE "id" = ? AND "redeemedCount" > 0`, [promotionId]);
}

const resultRow = rowOf({ promotionId: row.int, orders: row.int, discountCents: row.intOrZero, salesCents: row.intOrZero, newCustomers: row.intOrZero });
export type PromotionResultRow = RowOf<typeof resultRow>;

/**
 * The results of `ids` (promotions of the restaurant) in one grouped statement over the orders
 * that took one and did not end without food: how many, their discount, their item subtotals, and
 * how many were the customer's first order placed at the restaurant.
 */
export async function promotionResultRows(sql: Sql, restaurantId: number, ids: readonly number[]): Promise<PromotionResultRow[]> {
  const held = `"stage" IS NOT NULL AND "stage" NOT IN ('canceled', 'rejected', 'expired')`;
  const rows = await sql.all(
    `SELECT o."promotionId" AS "promotionId", COUNT(*) AS "orders", SUM(o."discountCents") AS "discountCents", SUM(o."subtotalCents") AS "salesCents",
       SUM(CASE WHEN EXISTS (SELECT 1 FROM "Order" e WHERE e."userId" = o."userId" AND e."restaurantId" = o."restaurantId" AND e."id" <> o."id"
         AND e.${held} AND (e."submittedAt" < o."submittedAt" OR (e."submittedAt" = o."submittedAt" AND e."id" < o."id"))) THEN 0 ELSE 1 END) AS "newCustomers"
     FROM "Order" o
     WHERE o."restaurantId" = ? AND o."promotionId" IN (${ids.map(() => "?").join(", ")}) AND o.${held}
     GROUP BY o."promotionId"`,
    [restaurantId, ...ids],
  );
  return rows.map(resultRow);
}

const dishSectionRow = rowOf({ id: row.int, sectionId: row.intOrNull });

/** The section of each of these dishes (an offer on a section reads its lines' sections). */
export async function sectionsOfDishes(sql: Sql, dishIds: readonly number[]): Promise<Map<number, number | null>> {
  if (!dishIds.length) return new Map();
  const rows = await sql.all(`SELECT "id", "sectionId" FROM "MenuItem" WHERE "id" IN (${dishIds.map(() => "?").join(", ")})`, [...dishIds]);
  return new Map(rows.map(dishSectionRow).map((found) => [found.id, found.sectionId]));
}

/** The part of the order's discount the platform pays (its offers'): the settlement books it (ledger/orders.ts settleOrder). */
export async function setPlatformFunded(sql: Sql, orderId: number, cents: number): Promise<void> {
  await sql.all(`UPDATE "Order" SET "platformFundedCents" = ? WHERE "id" = ? RETURNING "id"`, [cents, orderId]);
}
