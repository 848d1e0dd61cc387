import "server-only";
import { formatDateTime } from "@/lib/shared/format-date";
import { walletRowDescription } from "@/lib/shared/wallet-kinds";
import { csvDollars, csvLine } from "@/lib/shared/csv";
import type { SessionUser } from "../platform/session-user";
import { assertSelf, ledgerRows } from "./own-data";

// A customer's wallet statement as CSV (docs/architecture/security.md "Customers own their data").

export const STATEMENT_HEADER = ["Date", "Description", "Amount", "Balance"] as const;

/**
 * GET /api/users/{id}/wallet/statement.csv: every ledger row, oldest first: the date in the
 * marketplace's zone (lib/shared/format-date.ts), what it was, the amount (negative when money
 * left) and the balance after it.
 */
export function walletStatementCsv(actor: SessionUser, targetId: number): AsyncGenerator<string> {
  assertSelf(actor, targetId, "download the statement of");
  return statementChunks(actor.id);
}

async function* statementChunks(userId: number): AsyncGenerator<string> {
  yield csvLine(STATEMENT_HEADER);
  for await (const row of ledgerRows(userId)) {
    yield csvLine([
      formatDateTime(row.createdAt),
      walletRowDescription({ kind: row.kind, orderId: row.orderId, restaurantName: row.order?.restaurantName ?? null }),
      // Always two decimals, no currency sign, a minus for money out ("20.00", "-12.30"), as the orders CSV writes amounts.
      csvDollars(row.amountCents),
      csvDollars(row.balanceAfterCents),
    ]);
  }
}
