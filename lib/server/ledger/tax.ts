import "server-only";
import { refundTax } from "@/lib/shared/money/tax";
import type { Sql } from "../platform/sql";
import { account } from "./post";
import { orderTaxFacts } from "./queries/refunds";

// Sales tax in the ledger (docs/architecture/ledger.md "Accounts"): an order's tax
// sits in clearing with its payment, goes to the tax payable account ("tax") at its settlement, and
// a refund takes back the tax of what it refunds. For the refund planner's callers (a problem
// report's refund): `refundTaxOf` is the tax to add to a refund of `items` and `fees`, passed to
// planRefund as `tax`.

/**
 * The tax a refund of `items` and `fees` (cents) of the order gives back: at the rate the order was
 * taxed at (lib/shared/money/tax.ts refundTax, one rounding, half up), the fees only when that rate taxed
 * them, and never more than the order's tax still held (in clearing before delivery, in the tax
 * account after, less what earlier refunds took back). 0 for an order without tax.
 */
export async function refundTaxOf(sql: Sql, orderId: number, refunded: { items: number; fees: number }): Promise<number> {
  const row = await orderTaxFacts(sql, orderId, account.tax);
  if (!row) return 0;
  const { taxCents, taxRateMilliPercent, taxesFees, given } = row;
  // What refunds already took from the tax account (their lines are negative).
  return refundTax({ taxCents, taxRateMilliPercent, taxesFees }, refunded, taxCents + given);
}
