import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "../platform/db";
import { num, SOLD, TOP_DISHES, type Insights } from "./figures";

// Refunds of approved problem reports (docs/architecture/problem-reports.md) on the range's sold
// orders: their total, and the refund rate per dish (items refunded / items sold), worst first.

const APPROVED = Prisma.sql`pr."status" IN ('approved', 'partially_approved')`;

export async function refundFigures(inRange: Prisma.Sql): Promise<Insights["refunds"]> {
  const [totals, dishes] = await Promise.all([
    db.$queryRaw<{ reports: unknown; cents: unknown }[]>`
      SELECT COUNT(*) AS reports, SUM(pr."refundCents") AS cents
      FROM "ProblemReport" AS pr JOIN "Order" AS o ON o."id" = pr."orderId"
      WHERE ${inRange} AND ${APPROVED}`,
    db.$queryRaw<{ name: string; sold: unknown; refunded: unknown; cents: unknown }[]>`
      SELECT i."name" AS name, SUM(i."quantity") AS sold, SUM(COALESCE(r.q, 0)) AS refunded, SUM(COALESCE(r.q, 0) * i."priceCents") AS cents
      FROM "Order" AS o JOIN "OrderItem" AS i ON i."orderId" = o."id"
      LEFT JOIN (
        SELECT pl."orderItemId" AS item, SUM(pl."approvedQuantity") AS q
        FROM "ProblemLine" AS pl JOIN "ProblemReport" AS pr ON pr."id" = pl."problemId"
        WHERE ${APPROVED}
        GROUP BY pl."orderItemId"
      ) AS r ON r.item = i."id"
      WHERE ${inRange} AND ${SOLD}
      GROUP BY i."name"
      HAVING SUM(COALESCE(r.q, 0)) > 0
      ORDER BY SUM(COALESCE(r.q, 0)) * 1.0 / SUM(i."quantity") DESC, i."name"
      LIMIT ${Prisma.raw(String(TOP_DISHES))}`,
  ]);
  return {
    reports: num(totals[0]?.reports),
    refundedCents: num(totals[0]?.cents),
    byDish: dishes.map((row) => {
      const sold = num(row.sold);
      const refunded = num(row.refunded);
      return { name: row.name, sold, refunded, refundedCents: num(row.cents), rate: sold ? Math.round((refunded / sold) * 1000) / 1000 : 0 };
    }),
  };
}
