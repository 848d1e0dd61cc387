import "server-only";
import { row, rowOf } from "../platform/row";
import type { Sql } from "../platform/sql";

// The tax report's plain SQL (report.ts): the ledger's tax payable account's lines over a period,
// per jurisdiction, with its decoder.

const jurisdictionRow = rowOf({ jurisdiction: row.textOrNull, orders: row.int, sales: row.intOrZero, collected: row.intOrZero, refunded: row.intOrZero });

/** Per jurisdiction (null: unknown), of the market's restaurants' orders (a deleted restaurant's: the default market's), what `taxAccount` took in (orders, their item sales) and gave back between `from` and `to`. */
export async function taxByJurisdiction(sql: Sql, taxAccount: string, from: Date, to: Date, marketId = 1) {
  const rows = await sql.all(
    `SELECT o."taxJurisdiction" AS "jurisdiction",
       COUNT(DISTINCT CASE WHEN l."amountCents" > 0 THEN o."id" END) AS "orders",
       CAST(SUM(CASE WHEN l."amountCents" > 0 THEN o."subtotalCents" - o."discountCents" ELSE 0 END) AS BIGINT) AS "sales",
       CAST(SUM(CASE WHEN l."amountCents" > 0 THEN l."amountCents" ELSE 0 END) AS BIGINT) AS "collected",
       CAST(SUM(CASE WHEN l."amountCents" < 0 THEN -l."amountCents" ELSE 0 END) AS BIGINT) AS "refunded"
     FROM "LedgerLine" l JOIN "LedgerEntry" e ON e."id" = l."entryId" JOIN "Order" o ON o."id" = e."orderId" LEFT JOIN "Restaurant" r ON r."id" = o."restaurantId"
     WHERE l."account" = ? AND e."createdAt" >= ? AND e."createdAt" < ? AND COALESCE(r."marketId", 1) = ?
     GROUP BY o."taxJurisdiction" ORDER BY o."taxJurisdiction"`,
    [taxAccount, from, to, marketId],
  );
  return rows.map(jurisdictionRow);
}
