import "server-only";
import type { Paging } from "@/lib/contract/restaurants/browse-rules";
import { row, rowOf } from "../../platform/row";
import type { Sql } from "../../platform/sql";

// The wallet's statement in plain SQL (wallet.ts; the balances are the ledger's: ledger.ts), each
// row shape with its decoder.

const statementRow = rowOf({
  id: row.int,
  kind: row.text,
  amountCents: row.int,
  balanceAfterCents: row.int,
  orderId: row.intOrNull,
  restaurantName: row.textOrNull,
  createdAt: row.date,
  currency: row.text,
});

/** A page of the user's statement in `currency`, newest first, each line's order joined by key (WalletTransaction's indexes). */
export async function statementRows(sql: Sql, userId: number, currency: string, paging: Paging) {
  const rows = await sql.all(
    `SELECT w."id", w."kind", w."amountCents", w."balanceAfterCents", w."orderId", o."restaurantName", w."createdAt", w."currency"
       FROM "WalletTransaction" w LEFT JOIN "Order" o ON o."id" = w."orderId"
       WHERE w."userId" = ? AND w."currency" = ? ORDER BY w."createdAt" DESC, w."id" DESC LIMIT ? OFFSET ?`,
    [userId, currency, paging.limit, paging.offset],
  );
  return rows.map(statementRow);
}

const codeRow = rowOf({ currency: row.text });

/** The currencies the user's wallet has rows in, unordered. */
export async function walletCodes(sql: Sql, userId: number): Promise<string[]> {
  return (await sql.all(`SELECT DISTINCT "currency" FROM "WalletTransaction" WHERE "userId" = ?`, [userId])).map((r) => codeRow(r).currency);
}
