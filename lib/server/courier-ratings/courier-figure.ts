import "server-only";
import { courierRatingReasonLabel, type CourierRatingReason } from "@/lib/shared/delivery/courier-rating";
import { sqlTransaction } from "../platform/sql";
import { lastRatings } from "./queries";

// What a courier reads of their rating: the share of thumbs up over their last
// COURIER_RATING_SPAN rated deliveries and the count, and the thumbs down by reason. Never who
// rated or the customer's words.

export type CourierOwnRating = { upPercent: number | null; count: number; downReasons: { reason: CourierRatingReason; label: string; count: number }[] };

export async function courierOwnRating(courierId: number): Promise<CourierOwnRating> {
  const rows = await sqlTransaction((sql) => lastRatings(sql, courierId));
  const ups = rows.filter((row) => row.up).length;
  const byReason = new Map<CourierRatingReason, number>();
  for (const row of rows) {
    if (row.up) continue;
    byReason.set(row.reason, (byReason.get(row.reason) ?? 0) + 1);
  }
  return {
    upPercent: rows.length ? Math.round((ups * 100) / rows.length) : null,
    count: rows.length,
    downReasons: [...byReason]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([reason, count]) => ({ reason, label: courierRatingReasonLabel(reason), count })),
  };
}
