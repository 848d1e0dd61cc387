import "server-only";
import { courierRatingReasonLabel, type CourierRatingReason } from "@/lib/shared/delivery/courier-rating";
import type { LowRatedQuery } from "@/lib/contract/couriers/operator-rating-rules";
import type { Operator } from "../platform/operator";
import { config } from "../platform/config";
import { page, type Page } from "../platform/paging";
import { sqlTransaction } from "../platform/sql";
import { lowRatedRows, thumbsDownRows } from "./queries";

// The operators' view of courier ratings (/admin/courier-ratings): couriers whose
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

const nameOf = (row: { firstName: string | null; lastName: string | null; courierId: number }) =>
  [row.firstName, row.lastName].filter(Boolean).join(" ") || `Courier #${row.courierId}`;

export async function lowRatedCouriers(_operator: Operator, query: LowRatedQuery): Promise<Page<LowRatedCourierJson> & { belowPercent: number; minRatings: number }> {
  const alert = config().dispatch.ratingAlert;
  const belowPercent = query.below ?? alert.belowPercent;
  const minRatings = query.min ?? alert.minRatings;
  const rows = await sqlTransaction((sql) => lowRatedRows(sql, { minRatings, belowPercent, limit: query.limit + 1, offset: query.offset }));
  const items = rows.map((row) => {
    const { count, ups } = row;
    return {
      id: row.courierId,
      name: nameOf(row),
      upPercent: Math.round((ups * 100) / count),
      count,
      down: count - ups,
      lastDownOrderId: row.lastDownOrderId,
    };
  });
  return { ...page(items, query), belowPercent, minRatings };
}

export async function recentThumbsDown(_operator: Operator, query: { limit: number; offset: number }): Promise<Page<ThumbsDownJson>> {
  const rows = await sqlTransaction((sql) => thumbsDownRows(sql, query.limit + 1, query.offset));
  return page(
    rows.map((row) => ({
      id: row.id,
      orderId: row.orderId,
      courier: { id: row.courierId, name: nameOf(row) },
      reason: row.reason,
      reasonLabel: courierRatingReasonLabel(row.reason),
      note: row.note,
      at: row.updatedAt.toISOString(),
    })),
    query,
  );
}
