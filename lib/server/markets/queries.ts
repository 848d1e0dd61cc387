import "server-only";
import type { Tx } from "../platform/db";
import { row, rowOf } from "../platform/row";
import type { Sql } from "../platform/sql";
import { sharedAccountSql } from "../ledger/currency";
import { CARD_SIDE, NOT_CONFIRMATION } from "../ledger/queries/refunds";

// Markets' plain SQL (markets.ts, report.ts): a restaurant's market, whether its money has
// started, and a market's money over a period from the ledger's lines, each with its decoder.

const marketRow = rowOf({ id: row.int, currency: row.text, timeZone: row.text });

/** The restaurant's market's id, currency and time zone; undefined: no such restaurant. */
export async function marketOfRestaurantRow(sql: Sql, restaurantId: number) {
  const [found] = await sql.all(`SELECT m."id", m."currency", m."timeZone" FROM "Restaurant" r JOIN "Market" m ON m."id" = r."marketId" WHERE r."id" = ?`, [
    restaurantId,
  ]);
  return found === undefined ? undefined : marketRow(found);
}

/** Whether the restaurant has an order placed (any stage but Active) or a ledger account: its money is in its market's currency from then on. */
export async function restaurantMoneyStarted(tx: Tx, restaurantId: number): Promise<boolean> {
  const [placed, account] = await Promise.all([
    tx.order.findFirst({ where: { restaurantId, stage: { not: null } }, select: { id: true } }),
    tx.ledgerAccount.findUnique({ where: { id: `restaurant:${restaurantId}` }, select: { id: true } }),
  ]);
  return placed !== null || account !== null;
}

const moneyRow = rowOf({
  orders: row.int,
  paid: row.intOrZero,
  refunded: row.intOrZero,
  platform: row.intOrZero,
  tax: row.intOrZero,
  restaurants: row.intOrZero,
  couriers: row.intOrZero,
});

/**
 * The market's money between `from` and `to` (entries' times), from the lines of the entries of
 * its restaurants' orders (an order of a restaurant deleted since counts in the default market):
 * orders paid (those whose payments "paid" sums: a tip raised later or a payment recorded before
 * the ledger counts its order too), what customers paid and got back, and what the platform, tax
 * payable, the restaurants and the couriers took (net of refunds). One market's entries only, whatever the currency.
 */
export async function marketMoney(sql: Sql, marketId: number, from: Date, to: Date) {
  const [found] = await sql.all(
    `SELECT COUNT(DISTINCT CASE WHEN e."kind" = 'payment' AND l."amountCents" < 0 THEN o."id" END) AS "orders",
       CAST(SUM(CASE WHEN e."kind" = 'payment' AND l."amountCents" < 0 THEN -l."amountCents" ELSE 0 END) AS BIGINT) AS "paid",
       CAST(SUM(CASE WHEN e."kind" = 'refund' AND ${NOT_CONFIRMATION} AND l."amountCents" > 0 AND (${CARD_SIDE} OR l."account" LIKE 'wallet%') THEN l."amountCents" ELSE 0 END) AS BIGINT) AS "refunded",
       CAST(SUM(CASE WHEN ${sharedAccountSql("platform")} THEN l."amountCents" ELSE 0 END) AS BIGINT) AS "platform",
       CAST(SUM(CASE WHEN ${sharedAccountSql("tax")} THEN l."amountCents" ELSE 0 END) AS BIGINT) AS "tax",
       CAST(SUM(CASE WHEN l."account" LIKE 'restaurant:%' THEN l."amountCents" ELSE 0 END) AS BIGINT) AS "restaurants",
       CAST(SUM(CASE WHEN l."account" LIKE 'courier:%' THEN l."amountCents" ELSE 0 END) AS BIGINT) AS "couriers"
     FROM "LedgerEntry" e JOIN "Order" o ON o."id" = e."orderId" LEFT JOIN "Restaurant" r ON r."id" = o."restaurantId"
     JOIN "LedgerLine" l ON l."entryId" = e."id"
     WHERE COALESCE(r."marketId", 1) = ? AND e."createdAt" >= ? AND e."createdAt" < ?`,
    [marketId, from, to],
  );
  return moneyRow(found);
}

const payoutsRow = rowOf({ count: row.int, cents: row.intOrZero });

/** The market's restaurants' payouts asked for between `from` and `to`, but failed ones (their money went back). */
export async function marketPayouts(sql: Sql, marketId: number, from: Date, to: Date) {
  const [found] = await sql.all(
    `SELECT COUNT(*) AS "count", CAST(SUM(p."amountCents") AS BIGINT) AS "cents" FROM "Payout" p JOIN "Restaurant" r ON p."account" = 'restaurant:' || r."id"
     WHERE r."marketId" = ? AND p."state" <> 'failed' AND p."createdAt" >= ? AND p."createdAt" < ?`,
    [marketId, from, to],
  );
  return payoutsRow(found);
}
