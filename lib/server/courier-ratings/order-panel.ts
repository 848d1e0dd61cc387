import "server-only";
import { COURIER_RATING_WINDOW_MS, type CourierRatingJson } from "@/lib/shared/delivery/courier-rating";
import type { SessionUser } from "../platform/session-user";
import { ownCourierRating } from "./rate";

/** What the order page's "How was your courier?" needs, or null where it is not shown. */
export type CourierRatingPanel = { rating: CourierRatingJson | null; until: string };

/**
 * The order page's rating section (components/orders/rate-courier.tsx): for whoever placed a
 * delivery a Nosh courier delivered (not a guest, not a group participant), for 24 hours after
 * delivery. The server checks the same again on PUT (rate.ts).
 */
export async function courierRatingPanel(
  user: SessionUser,
  order: { id: number; stage: string | null; deliveredAt: string | undefined; courierDelivered: boolean; placedByReader: boolean },
  now = Date.now(),
): Promise<CourierRatingPanel | null> {
  if (user.guestAccount || !order.placedByReader || order.stage !== "delivered" || !order.courierDelivered || !order.deliveredAt) return null;
  const until = Date.parse(order.deliveredAt) + COURIER_RATING_WINDOW_MS;
  if (until <= now) return null;
  return { rating: await ownCourierRating(user.id, order.id), until: new Date(until).toISOString() };
}
