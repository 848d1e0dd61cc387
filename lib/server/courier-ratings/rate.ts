import "server-only";
import { COURIER_RATING_WINDOW_MS, type CourierRatingJson, type CourierRatingReason } from "@/lib/shared/delivery/courier-rating";
import type { CourierRatingInput } from "@/lib/contract/couriers/rating-rules";
import type { SessionUser } from "../platform/session-user";
import { conflict, forbidden, notFound } from "../platform/errors";
import { sqlTransaction } from "../platform/sql";
import { customerRating, rateableOrder, upsertRating, type RatingRow } from "./queries";
import { said } from "@/lib/shared/words/said";

// The customer rates the courier who delivered their order
// (docs/architecture/courier-screens.md "Ratings"): thumbs up or down, a reason on down, once per
// order (the unique order: one INSERT ... ON CONFLICT DO UPDATE makes racing ratings one row),
// changeable for 24 hours after delivery.

export const COURIER_RATING_ERRORS = {
  guest: "Sign up to rate your courier",
  notDelivered: "The courier can be rated once the order is delivered",
  noCourier: "No Nosh courier delivered this order",
  late: "A courier can be rated only within 24 hours of delivery",
} as const;

const toJson = (row: RatingRow): CourierRatingJson => ({
  thumbs: row.up ? "up" : "down",
  reason: row.reason as CourierRatingReason | null,
  note: row.note,
  changeableUntil: new Date(row.deliveredAt.getTime() + COURIER_RATING_WINDOW_MS).toISOString(),
});

/** The customer's own rating of their order's courier, or null (the order page's and the order's owner's read). */
export async function ownCourierRating(userId: number, orderId: number): Promise<CourierRatingJson | null> {
  const row = await sqlTransaction((sql) => customerRating(sql, userId, orderId));
  return row ? toJson(row) : null;
}

/**
 * PUT /api/orders/{id}/courier-rating: the caller's delivered order's courier rated (or the rating
 * changed). 404 not theirs; 403 a guest; 409 not delivered, delivered by no courier (pickup, the
 * restaurant's own staff), or more than 24 hours ago.
 */
export async function rateCourier(user: SessionUser, orderId: number, input: CourierRatingInput, now = new Date()): Promise<CourierRatingJson> {
  const up = input.thumbs === "up";
  // A thumbs up carries no reason or words.
  const reason = up ? null : (input.reason ?? null);
  const note = up ? null : input.note?.trim() || null;
  return sqlTransaction(async (sql) => {
    const order = await rateableOrder(sql, user.id, orderId);
    if (!order) throw notFound(said("messages.orderNotFound"));
    if (user.guestAccount) throw forbidden(COURIER_RATING_ERRORS.guest);
    if (order.stage !== "delivered" || order.closedAt === null) throw conflict(COURIER_RATING_ERRORS.notDelivered, { thumbs: COURIER_RATING_ERRORS.notDelivered });
    if (order.courierId === null) throw conflict(COURIER_RATING_ERRORS.noCourier, { thumbs: COURIER_RATING_ERRORS.noCourier });
    const deliveredAt = order.closedAt;
    if (now.getTime() - deliveredAt.getTime() > COURIER_RATING_WINDOW_MS) throw conflict(COURIER_RATING_ERRORS.late, { thumbs: COURIER_RATING_ERRORS.late });
    return toJson(await upsertRating(sql, { orderId, courierId: order.courierId, customerId: user.id, up, reason, note, deliveredAt, now }));
  });
}
