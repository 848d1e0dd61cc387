import "server-only";
import { COURIER_RATING_SPAN, courierRatingReasonLabel, type CourierRatingReason } from "@/lib/shared/courier-rating";
import { sqlTransaction } from "../platform/sql";

// What a courier reads of their rating (issue 62 item 6): the share of thumbs up over their last
// COURIER_RATING_SPAN rated deliveries and the count, and the thumbs down by reason. Never who
// rated or the customer's words.

export type CourierOwnRating = { upPercent: number | null; count: number; downReasons: { reason: CourierRatingReason; label: string; count: number }[] };

export async function courierOwnRating(courierId: number): Promise<CourierOwnRating> {
  const rows = await sqlTransaction((sql) =>
    sql.all<{ up: unknown; reason: unknown }>(
      `SELECT "up", "reason" FROM "CourierRating" WHERE "courierId" = ? ORDER BY "deliveredAt" DESC, "id" DESC LIMIT ${COURIER_RATING_SPAN}`,
      [courierId],
    ),
  );
  const ups = rows.filter((row) => Boolean(row.up)).length;
  const byReason = new Map<CourierRatingReason, number>();
  for (const row of rows) {
    if (Boolean(row.up)) continue;
    const reason = ((row.reason as string | null) ?? "other") as CourierRatingReason;
    byReason.set(reason, (byReason.get(reason) ?? 0) + 1);
  }
  return {
    upPercent: rows.length ? Math.round((ups * 100) / rows.length) : null,
    count: rows.length,
    downReasons: [...byReason]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([reason, count]) => ({ reason, label: courierRatingReasonLabel(reason), count })),
  };
}
