import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { account } from "../ledger/post";
import { db } from "../platform/db";
import { bucketOf, type Days } from "./days";
import { num } from "./figures";

// Net revenue (issue 49 item 17): what the ledger settled for the restaurant in the range, the
// same money the payouts page lists (lib/server/payouts/restaurant.ts). It is the sum of the
// restaurant account's lines (docs/architecture/ledger.md) on settlement entries (each delivered
// order's share, at the commission it was charged when delivered, after its discount, with the
// fees when the restaurant's own staff delivered it) and refund entries (what refunds took back:
// an order's refund, a problem report's), on the restaurant's local day each entry was written
// (days.ts, as the payouts page buckets them). Payouts move the same account but are not revenue.

const REVENUE_KINDS = Prisma.join(["settlement", "refund"]);

/** Each day's net revenue in cents, in the order of `days.keys`. */
export async function netRevenueByDay(restaurantId: number, days: Days): Promise<number[]> {
  const start = days.bounds[0]!;
  const end = days.bounds[days.bounds.length - 1]!;
  const rows = await db.$queryRaw<{ bucket: number | bigint; net: unknown }[]>`
    SELECT ${bucketOf(Prisma.sql`e."createdAt"`, days.bounds)} AS bucket, SUM(l."amountCents") AS net
    FROM "LedgerLine" AS l JOIN "LedgerEntry" AS e ON e."id" = l."entryId"
    WHERE l."account" = ${account.restaurant(restaurantId)} AND e."kind" IN (${REVENUE_KINDS})
      AND e."createdAt" >= ${start} AND e."createdAt" < ${end}
    GROUP BY 1`;
  const byBucket = new Map(rows.map((row) => [Number(row.bucket), num(row.net)]));
  return days.keys.map((_, i) => byBucket.get(i) ?? 0);
}
