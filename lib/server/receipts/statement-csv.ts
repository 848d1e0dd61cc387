import "server-only";
import { csvDollars, csvLine } from "@/lib/shared/money/csv";
import { formatSortableDateTime } from "@/lib/shared/time/format-date";
import { monthDays } from "@/lib/contract/payouts/statement-rules";
import type { MonthlyStatement } from "./statement";

// The monthly statement as CSV (docs/architecture/receipts.md): GET /api/manage/{id}/exports/statement.csv.

export const STATEMENT_COLUMNS = [
  "time",
  "type",
  "order",
  "reference",
  "description",
  "sales",
  "commission",
  "discount",
  "delivery_fees",
  "tips",
  "amount",
  "balance",
  "sales_tax_collected",
] as const;

/**
 * The statement as CSV (RFC 4180, lib/shared/money/csv.ts: quoted where needed, a cell a spreadsheet
 * would run as a formula prefixed with '): the opening balance, one record per line of the
 * account, the closing balance. Dollars; commission and discount are deductions, written positive
 * (sales - commission - discount + delivery_fees + tips = amount); times in the restaurant's zone.
 */
export function* statementCsv(statement: MonthlyStatement): Generator<string> {
  const at = (date: Date) => formatSortableDateTime(date, statement.timeZone);
  yield csvLine([...STATEMENT_COLUMNS]);
  const { from } = monthDays(statement.month);
  // The balances open and close the month: only the time, what, description and balance columns.
  const balance = (time: string | null, category: string, description: string, cents: number) =>
    csvLine([time, category, null, null, description, ...Array<null>(6).fill(null), csvDollars(cents), null]);
  yield balance(`${from} 00:00`, "opening_balance", `Opening balance, ${statement.monthLabel}`, statement.openingCents);
  for (const line of statement.lines)
    yield csvLine([
      at(line.at),
      line.category,
      line.orderId,
      line.reference,
      line.description,
      ...[line.salesCents, line.commissionCents, line.discountCents, line.deliveryCents, line.tipCents, line.amountCents, line.balanceCents].map(csvDollars),
      csvDollars(line.taxCents),
    ]);
  yield balance(null, "closing_balance", `Closing balance, ${statement.monthLabel}`, statement.closingCents);
}
