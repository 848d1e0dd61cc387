import "server-only";
import { COURIER_RATING_SPAN, courierRatingReasonLabel, type CourierRatingReason } from "@/lib/shared/courier-rating";
import type { LowRatedQuery } from "@/lib/validation/courier-rating-admin";
import type { Operator } from "../operators/access";
import { config } from "../platform/config";
import { page, type Page } from "../platform/paging";
import { dateOf, sqlTransaction } from "../platform/sql";

// The operators' view of courier ratings (issue 62 item 6, /admin/courier-ratings): couriers whose
// share of thumbs up over their last COURIER_RATING_SPAN ratings is under COURIER_RATING_ALERT's
// threshold with at least its number of ratings, lowest first; and the recent thumbs down with
// their reasons and the customer's words, newest first. Each names the order for the console.

export type LowRatedCourierJson = { id: number; name: string; upPercent: number; count: number; down: number; lastDownOrderId: number | null };
export type ThumbsDownJson = {
  id: number;
  orderId: number;
  courier: { id: number; name: string };
  reason: CourierRatingReason;
  reasonLabel: string;
  note: string | null;
  at: string;
};

const nameOf = (row: Record<string, unknown>) => [row.firstName, row.lastName].filter(Boolean).join(" ") || `Courier #${Number(row.courierId)}`;

export async function lowRatedCouriers(_operator: Operator, query: LowRatedQuery): Promise<Page<LowRatedCourierJson> & { belowPercent: number; minRatings: number }> {
  const alert = config().dispatch.ratingAlert;
  const belowPercent = query.below ?? alert.belowPercent;
  const minRatings = query.min ?? alert.minRatings;
  const rows = await sqlTransaction((sql) =>
    sql.all<Record<string, unknown>>(
      `WITH "recent" AS (
         SELECT "courierId", "up", "orderId", ROW_NUMBER() OVER (PARTITION BY "courierId" ORDER BY "deliveredAt" DESC, "id" DESC) AS "n" FROM "CourierRating"
       ), "figures" AS (
         SELECT "courierId", COUNT(*) AS "count", SUM(CASE WHEN "up" THEN 1 ELSE 0 END) AS "ups",
           MIN(CASE WHEN "up" THEN NULL ELSE "n" END) AS "lastDownN"
         FROM "recent" WHERE "n" <= ${COURIER_RATING_SPAN} GROUP BY "courierId"
       )
       SELECT f."courierId", f."count", f."ups", u."firstName", u."lastName",
         (SELECT r."orderId" FROM "recent" r WHERE r."courierId" = f."courierId" AND r."n" = f."lastDownN") AS "lastDownOrderId"
       FROM "figures" f LEFT JOIN "User" u ON u."id" = f."courierId"
       WHERE f."count" >= ? AND f."ups" * 100 < ? * f."count"
       ORDER BY f."ups" * 1.0 / f."count" ASC, f."courierId" ASC
       LIMIT ? OFFSET ?`,
      [minRatings, belowPercent, query.limit + 1, query.offset],
    ),
  );
  const items = rows.map((row) => {
    const count = Number(row.count);
    const ups = Number(row.ups);
    return {
      id: Number(row.courierId),
      name: nameOf(row),
      upPercent: Math.round((ups * 100) / count),
      count,
      down: count - ups,
      lastDownOrderId: row.lastDownOrderId === null ? null : Number(row.lastDownOrderId),
    };
  });
  return { ...page(items, query), belowPercent, minRatings };
}

export async function recentThumbsDown(_operator: Operator, query: { limit: number; offset: number }): Promise<Page<ThumbsDownJson>> {
  const rows = await sqlTransaction((sql) =>
    sql.all<Record<string, unknown>>(
      `SELECT r."id", r."orderId", r."courierId", r."reason", r."note", r."updatedAt", u."firstName", u."lastName"
       FROM "CourierRating" r LEFT JOIN "User" u ON u."id" = r."courierId"
       WHERE r."up" = ? ORDER BY r."updatedAt" DESC, r."id" DESC LIMIT ? OFFSET ?`,
      [false, query.limit + 1, query.offset],
    ),
  );
  return page(
    rows.map((row) => {
      const reason = ((row.reason as string | null) ?? "other") as CourierRatingReason;
      return {
        id: Number(row.id),
        orderId: Number(row.orderId),
        courier: { id: Number(row.courierId), name: nameOf(row) },
        reason,
        reasonLabel: courierRatingReasonLabel(reason),
        note: (row.note as string | null) ?? null,
        at: dateOf(row.updatedAt).toISOString(),
      };
    }),
    query,
  );
}
