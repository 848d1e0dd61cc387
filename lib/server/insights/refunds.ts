import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Insights } from "./figures";
import { refundRows } from "./queries";

// Refunds of approved problem reports (docs/architecture/problem-reports.md) on the range's sold
// orders: their total, and the refund rate per dish (items refunded / items sold), worst first.

export async function refundFigures(inRange: Prisma.Sql): Promise<Insights["refunds"]> {
  const { totals, dishes } = await refundRows(inRange);
  return {
    reports: totals?.reports ?? 0,
    refundedCents: totals?.cents ?? 0,
    byDish: dishes.map(({ name, sold, refunded, cents }) => {
      return { name, sold, refunded, refundedCents: cents, rate: sold ? Math.round((refunded / sold) * 1000) / 1000 : 0 };
    }),
  };
}
