import "server-only";
import type { ReviewReplyInput } from "@/lib/contract/reviews/reply-rules";
import { db, type Tx } from "../platform/db";
import { conflict, isUniqueViolation, notFound } from "../platform/errors";
import { sqlOf } from "../platform/sql";
import { notify } from "../notifications/outbox";
import type { SessionUser } from "../platform/session-user";
import { restaurantScope, type Actor } from "../team/owned";
import { reviewInclude, type ReviewRow } from "./reviews";
import { said } from "@/lib/shared/words/said";

// The restaurant owner's one public reply to a review (docs/architecture/
// cart-checkout-reviews.md "Owner replies"). Like Uber Eats Manager, one reply per review: a second
// create is a 409, the reply is edited with PUT and removed with DELETE. Only the owner of the
// review's restaurant may write it; a review of anyone else's restaurant (or hidden by an operator:
// nothing to answer publicly) looks missing. An operator may hide the reply (operators/review-replies.ts);
// editing a hidden reply keeps it hidden.

export const REPLY_EXISTS = said("messages.replyExists");

async function ownersReview(tx: Tx, user: Actor, reviewId: number) {
  // The owner's restaurants, or the one a manager was admitted to (team/owned.ts restaurantScope).
  const review = await tx.review.findFirst({
    where: { id: reviewId, restaurant: restaurantScope(user) },
    select: { id: true, hiddenAt: true, userId: true, restaurantId: true, restaurant: { select: { name: true } } },
  });
  if (!review) throw notFound(said("messages.reviewNotFound"));
  return review;
}

const reviewWithReply = (tx: Tx, id: number): Promise<ReviewRow> => tx.review.findUniqueOrThrow({ where: { id }, include: reviewInclude });

export async function createReply(user: SessionUser, reviewId: number, input: ReviewReplyInput): Promise<ReviewRow> {
  try {
    return await db.$transaction(async (tx) => {
      const review = await ownersReview(tx, user, reviewId);
      if (review.hiddenAt) throw notFound(said("messages.reviewNotFound"));
      if (await tx.reviewReply.findUnique({ where: { reviewId }, select: { id: true } })) throw conflict(REPLY_EXISTS, { text: REPLY_EXISTS });
      await tx.reviewReply.create({ data: { reviewId, text: input.text } });
      // The review's author is told, once (an edit is not news), with a link to the restaurant's reviews.
      await notify(sqlOf(tx), {
        to: { userId: review.userId },
        kind: "review_replied",
        cause: `review-reply:${reviewId}`,
        payload: { restaurantId: review.restaurantId, restaurantName: review.restaurant.name, reviewId },
      });
      return reviewWithReply(tx, reviewId);
    });
  } catch (error) {
    // Two creates at once: the unique reviewId lets one in.
    if (isUniqueViolation(error)) throw conflict(REPLY_EXISTS, { text: REPLY_EXISTS });
    throw error;
  }
}

export async function updateReply(user: SessionUser, reviewId: number, input: ReviewReplyInput): Promise<ReviewRow> {
  return db.$transaction(async (tx) => {
    await ownersReview(tx, user, reviewId);
    const { count } = await tx.reviewReply.updateMany({ where: { reviewId }, data: { text: input.text } });
    if (!count) throw notFound(said("messages.replyNotFound"));
    return reviewWithReply(tx, reviewId);
  });
}

export async function deleteReply(user: SessionUser, reviewId: number): Promise<void> {
  await db.$transaction(async (tx) => {
    await ownersReview(tx, user, reviewId);
    const { count } = await tx.reviewReply.deleteMany({ where: { reviewId } });
    if (!count) throw notFound(said("messages.replyNotFound"));
  });
}
