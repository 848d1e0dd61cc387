import "server-only";
import { account } from "../ledger/post";
import type { Days } from "./days";
import { netRevenueRows } from "./queries";

// Net revenue: what the ledger settled for the restaurant in the range, the
// same money the payouts page lists (lib/server/payouts/restaurant.ts). It is the sum of the
// restaurant account's lines (docs/architecture/ledger.md) on settlement entries (each delivered
// order's share, at the commission it was charged when delivered, after its discount, with the
// fees when the restaurant's own staff delivered it) and refund entries (what refunds took back:
// an order's refund, a problem report's), on the restaurant's local day each entry was written
// (days.ts, as the payouts page buckets them). Payouts move the same account but are not revenue.

/** Each day's net revenue in cents, in the order of `days.keys`. */
export async function netRevenueByDay(restaurantId: number, days: Days): Promise<number[]> {
  const rows = await netRevenueRows(account.restaurant(restaurantId), days);
  const byBucket = new Map(rows.map((row) => [row.bucket, row.net]));
  return days.keys.map((_, i) => byBucket.get(i) ?? 0);
}
