import "server-only";
import { formatDate } from "@/lib/shared/time/format-date";
import type { Locale } from "@/lib/i18n/locale";
import { translatorFor } from "@/lib/i18n/translate";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { ReviewJson } from "@/lib/contract/reviews/schemas";
import type { Paging } from "@/lib/contract/restaurants/browse-rules";
import type { CreateReviewInput, UpdateReviewInput } from "@/lib/contract/reviews/rules";
import { db, type Tx } from "../platform/db";
import { config } from "../platform/config";
import { ApiError, conflict, fieldError, forbidden, isUniqueViolation, notFound } from "../platform/errors";
import { getOwnOrder } from "../orders/read";
import { notify } from "../notifications/outbox";
import { sqlOf } from "../platform/sql";
import { statusOf } from "@/lib/shared/orders/order-stages";
import type { SessionUser } from "../platform/session-user";
import { replyToJson, withoutHiddenReply } from "./reply-json";
import { roleAt } from "../team/roles";
import { roleAllows } from "@/lib/shared/people/team";
import { said } from "@/lib/shared/words/said";

// A review belongs to one of the reviewer's own placed (submitted, not canceled) orders, one
// per order; an order that then ends without food takes its review with it
// (orders/transition.ts endedWithoutFood). Every write moves the restaurant's ratingSum and numReviews in the same
// transaction, so ratings everywhere reflect it at once. Who may write one: see createReview.

export const reviewInclude = {
  user: { select: { firstName: true } },
  restaurant: { select: { name: true } },
  reply: true,
} satisfies Prisma.ReviewInclude;
export type ReviewRow = Prisma.ReviewGetPayload<{ include: typeof reviewInclude }>;

export function reviewToJson(review: ReviewRow): ReviewJson {
  return {
    id: review.id,
    review: review.review,
    orderRating: review.orderRating,
    restaurantRating: review.restaurantRating,
    restaurantId: review.restaurantId,
    restaurantName: review.restaurant.name,
    orderId: review.orderId,
    userId: review.userId,
    createdAt: review.createdAt.toISOString(),
    updatedAt: review.updatedAt.toISOString(),
    firstName: review.user.firstName,
    hidden: review.hiddenAt ? { at: review.hiddenAt.toISOString(), reason: review.hiddenReason ?? "" } : null,
    reply: replyToJson(review.reply),
  };
}
export type { ReviewJson };

const newestFirst = [{ createdAt: "desc" as const }, { id: "desc" as const }];

/**
 * Whether the viewer answers the restaurant's reviews: its owner, or a manager there (the role's
 * right, docs/architecture/team.md; the reply routes' restaurantManager), read afresh.
 */
export async function answersReviews(viewer: Pick<SessionUser, "id" | "guestAccount"> | null, restaurantId: number): Promise<boolean> {
  if (!viewer || viewer.guestAccount) return false;
  const role = await roleAt(viewer.id, restaurantId);
  return role !== null && roleAllows(role, "manager");
}

/**
 * A restaurant's reviews, newest first (public). Unknown restaurant: 404. Reviews an operator
 * hid are left out, except for those who answer them (`viewer` its owner or a manager), who see
 * them marked with why.
 */
export async function listRestaurantReviews(restaurantId: number, paging: Paging, viewer: Pick<SessionUser, "id" | "guestAccount"> | null = null): Promise<ReviewRow[]> {
  const restaurant = await db.restaurant.findUnique({ where: { id: restaurantId }, select: { id: true, ownerId: true } });
  if (!restaurant) throw notFound(said("messages.restaurantNotFound"));
  const owner = viewer !== null && (viewer.id === restaurant.ownerId || (await answersReviews(viewer, restaurantId)));
  const rows = await db.review.findMany({
    where: { restaurantId, ...(owner ? {} : { hiddenAt: null }) },
    include: reviewInclude,
    orderBy: newestFirst,
    skip: paging.offset,
    take: paging.limit,
  });
  // A reply an operator hid: its owner still sees it, marked; nobody else does.
  return owner ? rows : rows.map(withoutHiddenReply);
}

/** The user's own reviews, newest first (with the owner's replies, those an operator hid left out). */
export async function listUserReviews(user: SessionUser, paging: Paging): Promise<ReviewRow[]> {
  const rows = await db.review.findMany({ where: { userId: user.id }, include: reviewInclude, orderBy: newestFirst, skip: paging.offset, take: paging.limit });
  return rows.map(withoutHiddenReply);
}

/** A placed order the viewer may review on its restaurant's reviews page: "Order #12 · Jun 3 · 2 items". */
export type ReviewableOrder = { restaurantId: number; orderId: number; label: string };

/**
 * The page's `orderId` when the viewer may review it here: their own placed (Submitted or
 * Completed) order of this restaurant, not yet reviewed, and not from a restaurant they own;
 * guests cannot review (createReview's rules). Anything else, a stranger's order included,
 * is null: the page quietly shows no form.
 */
export async function reviewableOrder(user: SessionUser | null, restaurantId: number, orderId: number | null, locale: Locale = "en"): Promise<ReviewableOrder | null> {
  if (!user || user.guestAccount || orderId === null) return null;
  const order = await getOwnOrder(user, orderId).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  });
  if (!order || order.restaurantId !== restaurantId || order.review || order.restaurant?.ownerId === user.id) return null;
  const status = statusOf(order.stage);
  if (status !== "Submitted" && status !== "Completed") return null;
  const items = order.orderItems.reduce((sum, line) => sum + line.quantity, 0);
  return {
    restaurantId,
    orderId,
    // In the page's language (server.labels.review): "Order #12 · Nov 20, 2026 · 3 items".
    label: translatorFor(locale, "server.labels.review")("order", { id: String(order.id), date: formatDate(order.createdAt, undefined, locale), count: items }),
  };
}

export const REVIEW_REFUSALS = {
  guest: "Sign up to review your orders",
  notPlaced: "Place the order before reviewing it",
  canceled: "A canceled order cannot be reviewed",
  /** Rejected or expired: the restaurant never made it (a review written meanwhile was withdrawn). */
  notAccepted: "The restaurant did not accept this order, so it cannot be reviewed",
  ownRestaurant: "You cannot review your own restaurant",
  perDay: (limit: number) => `You can write at most ${limit} ${limit === 1 ? "review" : "reviews"} a day. Try again later.`,
} as const;

const DAY_MS = 24 * 3600 * 1000;

/**
 * The rules that keep ratings honest (docs/architecture/cart-checkout-reviews.md, Reviews): a review is of one of the
 * author's own orders that was placed and not canceled (Submitted or Completed), one per order;
 * guest accounts cannot review (403: sign up first); a restaurant's owner cannot review it, even
 * through an order of their own (403); and an account writes at most REVIEWS_PER_DAY reviews in
 * any rolling 24 hours (429 with Retry-After). All checked in the transaction that writes.
 */
export async function createReview(user: SessionUser, input: CreateReviewInput, now = new Date()): Promise<ReviewRow> {
  if (user.guestAccount) throw forbidden(REVIEW_REFUSALS.guest);
  try {
    return await db.$transaction(async (tx) => {
      const order = await tx.order.findFirst({ where: { id: input.orderId, userId: user.id }, include: { restaurant: { select: { ownerId: true } } } });
      if (!order) throw notFound(said("messages.orderNotFound"));
      if (order.restaurantId !== input.restaurantId) {
        throw fieldError("restaurantId", said("rules.handlers.reviewRestaurant"));
      }
      const status = statusOf(order.stage);
      if (status !== "Submitted" && status !== "Completed") {
        const message = status !== "Canceled" ? REVIEW_REFUSALS.notPlaced : order.stage === "canceled" ? REVIEW_REFUSALS.canceled : REVIEW_REFUSALS.notAccepted;
        throw conflict(message, { orderId: message });
      }
      if (order.restaurant?.ownerId === user.id) throw forbidden(REVIEW_REFUSALS.ownRestaurant);
      if (await tx.review.findUnique({ where: { orderId: order.id }, select: { id: true } })) {
        throw conflict(said("messages.alreadyReviewed"));
      }
      await checkDailyLimit(tx, user.id, now);
      const review = await tx.review.create({
        data: {
          userId: user.id,
          orderId: order.id,
          restaurantId: input.restaurantId,
          review: input.review,
          orderRating: input.orderRating,
          restaurantRating: input.restaurantRating,
        },
        include: reviewInclude,
      });
      await tx.restaurant.update({ where: { id: input.restaurantId }, data: { ratingSum: { increment: input.restaurantRating }, numReviews: { increment: 1 } } });
      if (order.restaurant) {
        await notify(sqlOf(tx), {
          to: { userId: order.restaurant.ownerId },
          kind: "owner_review_received",
          cause: `review:${review.id}`,
          payload: { orderId: order.id, restaurantId: input.restaurantId, reviewId: review.id, rating: input.restaurantRating },
          orderId: order.id,
        });
      }
      return review;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(said("messages.alreadyReviewed"));
    throw error;
  }
}

/** 429 once the author has written REVIEWS_PER_DAY reviews in the 24 hours before `now`. */
async function checkDailyLimit(tx: Tx, userId: number, now: Date): Promise<void> {
  const limit = config().reviewsPerDay;
  const since = new Date(now.getTime() - DAY_MS);
  const recent = await tx.review.findMany({
    where: { userId, createdAt: { gt: since } },
    select: { createdAt: true },
    orderBy: { createdAt: "desc" },
    take: limit,
  });
  if (recent.length < limit) return;
  // The oldest of the last `limit` reviews leaves the window first (REVIEWS_PER_DAY=0: never).
  const oldest = recent[recent.length - 1]?.createdAt ?? now;
  const retryAfter = Math.max(1, Math.ceil((oldest.getTime() + DAY_MS - now.getTime()) / 1000));
  throw new ApiError("too_many_requests", REVIEW_REFUSALS.perDay(limit), undefined, { "Retry-After": String(retryAfter) });
}

/** The author's own review only; anyone else's looks missing. */
export async function updateReview(user: SessionUser, id: number, input: UpdateReviewInput): Promise<ReviewRow> {
  return db.$transaction(async (tx) => {
    const review = await tx.review.findFirst({ where: { id, userId: user.id } });
    if (!review) throw notFound(said("messages.reviewNotFound"));
    const updated = await tx.review.update({ where: { id }, data: input, include: reviewInclude });
    const delta = updated.restaurantRating - review.restaurantRating;
    // A hidden review is not in the restaurant's rating (operators/reviews.ts).
    if (delta && !review.hiddenAt) await tx.restaurant.update({ where: { id: review.restaurantId }, data: { ratingSum: { increment: delta } } });
    return withoutHiddenReply(updated);
  });
}

export async function deleteReview(user: SessionUser, id: number): Promise<void> {
  await db.$transaction(async (tx) => {
    const review = await tx.review.findFirst({ where: { id, userId: user.id } });
    if (!review) throw notFound(said("messages.reviewNotFound"));
    await tx.review.delete({ where: { id } });
    if (!review.hiddenAt)
      await tx.restaurant.update({ where: { id: review.restaurantId }, data: { ratingSum: { decrement: review.restaurantRating }, numReviews: { decrement: 1 } } });
  });
}
