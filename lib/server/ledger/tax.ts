import "server-only";
import { refundTax } from "@/lib/shared/tax";
import type { Sql } from "../platform/sql";
import { account } from "./post";

// Sales tax in the ledger (issue 59 item 6, docs/architecture/ledger.md "Accounts"): an order's tax
// sits in clearing with its payment, goes to the tax payable account ("tax") at its settlement, and
// a refund takes back the tax of what it refunds. For the refund planner's callers (a problem
// report's refund): `refundTaxOf` is the tax to add to a refund of `items` and `fees`, passed to
// planRefund as `tax`.

/**
 * The tax a refund of `items` and `fees` (cents) of the order gives back: at the rate the order was
 * taxed at (lib/shared/tax.ts refundTax, one rounding, half up), the fees only when that rate taxed
 * them, and never more than the order's tax still held (in clearing before delivery, in the tax
 * account after, less what earlier refunds took back). 0 for an order without tax.
 */
export async function refundTaxOf(sql: Sql, orderId: number, refunded: { items: number; fees: number }): Promise<number> {
  const [row] = await sql.all<{ taxCents: number | bigint; taxRateMilliPercent: number | bigint | null; taxesFees: boolean | number; given: number | bigint | null }>(
    `SELECT o."taxCents", o."taxRateMilliPercent", o."taxesFees",
       (SELECT CAST(SUM(l."amountCents") AS BIGINT) FROM "LedgerLine" l JOIN "LedgerEntry" e ON e."id" = l."entryId" WHERE e."orderId" = o."id" AND e."kind" = 'refund' AND l."account" = ?) AS "given"
     FROM "Order" o WHERE o."id" = ?`,
    [account.tax, orderId],
  );
  if (!row) return 0;
  const taxCents = Number(row.taxCents);
  // What refunds already took from the tax account (their lines are negative).
  const remaining = taxCents + Number(row.given ?? 0);
  return refundTax(
    { taxCents, taxRateMilliPercent: row.taxRateMilliPercent === null ? null : Number(row.taxRateMilliPercent), taxesFees: Boolean(row.taxesFees) },
    refunded,
    remaining,
  );
}
