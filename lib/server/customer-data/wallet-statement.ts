import "server-only";
import { formatDateTime } from "@/lib/shared/time/format-date";
import { walletRowDescription } from "@/lib/shared/money/wallet-kinds";
import { wordsFor } from "@/lib/i18n/translate";
import { csvDollars, csvLine } from "@/lib/shared/money/csv";
import { currencyInfo, DEFAULT_CURRENCY, minorPerMajor } from "@/lib/shared/money/currency";
import { db } from "../platform/db";
import type { SessionUser } from "../platform/session-user";
import { assertSelf, ledgerRows } from "./own-data";

// A customer's wallet statement as CSV (docs/architecture/customer-data.md "Customers own their data").

export const STATEMENT_HEADER = ["Date", "Description", "Amount", "Balance"] as const;

/**
 * GET /api/users/{id}/wallet/statement.csv: every ledger row, oldest first: the date in the
 * marketplace's zone (lib/shared/time/format-date.ts), what it was, the amount (negative when money
 * left) and the balance after it, in the row's currency. A wallet that holds another currency than
 * the default market's gets a last column, Currency (the others do not move; a wallet of the
 * default currency alone keeps the four).
 */
export function walletStatementCsv(actor: SessionUser, targetId: number): AsyncGenerator<string> {
  assertSelf(actor, targetId, "ownStatement");
  return statementChunks(actor.id);
}

async function* statementChunks(userId: number): AsyncGenerator<string> {
  const other = await db.walletTransaction.findFirst({ where: { userId, currency: { not: DEFAULT_CURRENCY } }, select: { id: true } });
  yield csvLine(other ? [...STATEMENT_HEADER, "Currency"] : STATEMENT_HEADER);
  const words = wordsFor("en", "profile").wallet;
  for await (const row of ledgerRows(userId)) {
    const cells = [
      formatDateTime(row.createdAt),
      walletRowDescription({ kind: row.kind, orderId: row.orderId, restaurantName: row.order?.restaurantName ?? null }, words),
      // Always the currency's decimals, no currency sign, a minus for money out ("20.00", "-12.30"), as the orders CSV writes amounts.
      csvAmount(row.amountCents, row.currency),
      csvAmount(row.balanceAfterCents, row.currency),
    ];
    yield csvLine(other ? [...cells, row.currency] : cells);
  }
}

/** Minor units as the CSV's amount: csvDollars' for USD, the currency's own decimals otherwise (JPY has none). */
const csvAmount = (minor: number, currency: string) =>
  currency === DEFAULT_CURRENCY ? csvDollars(minor) : (minor / minorPerMajor(currency)).toFixed(currencyInfo(currency).digits);
