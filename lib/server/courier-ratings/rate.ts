import "server-only";
import { COURIER_RATING_WINDOW_MS, type CourierRatingJson, type CourierRatingReason } from "@/lib/shared/courier-rating";
import type { CourierRatingInput } from "@/lib/validation/courier-rating";
import type { SessionUser } from "../accounts/session-user";
import { conflict, forbidden, notFound } from "../platform/errors";
import { dateOf, sqlTransaction } from "../platform/sql";

// The customer rates the courier who delivered their order (issue 62 item 6;
// docs/architecture/courier-screens.md "Ratings"): thumbs up or down, a reason on down, once per
// order (the unique order: one INSERT ... ON CONFLICT DO UPDATE makes racing ratings one row),
// changeable for 24 hours after delivery.

export const COURIER_RATING_ERRORS = {
  guest: "Sign up to rate your courier",
  notDelivered: "The courier can be rated once the order is delivered",
  noCourier: "No Nosh courier delivered this order",
  late: "A courier can be rated only within 24 hours of delivery",
} as const;

type Row = { up: unknown; reason: unknown; note: unknown; deliveredAt: unknown };

const toJson = (row: Row): CourierRatingJson => ({
  thumbs: Boolean(row.up) ? "up" : "down",
  reason: (row.reason as CourierRatingReason | null) ?? null,
  note: (row.note as string | null) ?? null,
  changeableUntil: new Date(dateOf(row.deliveredAt).getTime() + COURIER_RATING_WINDOW_MS).toISOString(),
});

/** The customer's own rating of their order's courier, or null (the order page's and the order's owner's read). */
export async function ownCourierRating(userId: number, orderId: number): Promise<CourierRatingJson | null> {
  const [row] = await sqlTransaction((sql) =>
    sql.all<Row>(`SELECT "up", "reason", "note", "deliveredAt" FROM "CourierRating" WHERE "orderId" = ? AND "customerId" = ?`, [orderId, userId]),
  );
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
    const [order] = await sql.all<Record<string, unknown>>(
      `SELECT o."stage", o."closedAt",
         (SELECT j."courierId" FROM "DeliveryJob" j WHERE j."orderId" = o."id" AND j."state" = 'delivered' LIMIT 1) AS "courierId"
       FROM "Order" o WHERE o."id" = ? AND o."userId" = ?`,
      [orderId, user.id],
    );
    if (!order) throw notFound("Order");
    if (user.guestAccount) throw forbidden(COURIER_RATING_ERRORS.guest);
    if (order.stage !== "delivered" || order.closedAt === null) throw conflict(COURIER_RATING_ERRORS.notDelivered, { thumbs: COURIER_RATING_ERRORS.notDelivered });
    if (order.courierId === null) throw conflict(COURIER_RATING_ERRORS.noCourier, { thumbs: COURIER_RATING_ERRORS.noCourier });
    const deliveredAt = dateOf(order.closedAt);
    if (now.getTime() - deliveredAt.getTime() > COURIER_RATING_WINDOW_MS) throw conflict(COURIER_RATING_ERRORS.late, { thumbs: COURIER_RATING_ERRORS.late });
    const [row] = await sql.all<Row>(
      `INSERT INTO "CourierRating" ("orderId", "courierId", "customerId", "up", "reason", "note", "deliveredAt", "createdAt", "updatedAt")
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT ("orderId") DO UPDATE SET "up" = excluded."up", "reason" = excluded."reason", "note" = excluded."note", "updatedAt" = excluded."updatedAt"
       RETURNING "up", "reason", "note", "deliveredAt"`,
      [orderId, Number(order.courierId), user.id, up, reason, note, deliveredAt, now, now],
    );
    return toJson(row!);
  });
}
