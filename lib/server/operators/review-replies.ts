import "server-only";
import { db } from "../platform/db";
import { conflict, forbidden, notFound } from "../platform/errors";
import { takeOperatorAction } from "../platform/action-limits";
import type { Operator } from "../platform/operator";
import { recordAudit } from "../platform/audit";
import { operatorReviewById, OWN_REVIEW, type OperatorReviewJson } from "./reviews";
import { said } from "@/lib/shared/words/said";

// An operator hides (or restores) a restaurant owner's reply to a review as they hide a review
// (docs/architecture/operator.md "Reviews"): the same throttle, the same refusal of
// their own restaurant, recorded in the audit log with the reason. A hidden reply is left out of
// every customer's JSON and page (reviews/reply-json.ts); the owner sees it marked with why.

export async function actOnReviewReply(
  operator: Operator,
  reviewId: number,
  input: { action: "hide" | "restore"; reason: string },
  now = new Date(),
): Promise<OperatorReviewJson> {
  return db.$transaction(async (tx) => {
    await takeOperatorAction(tx, operator.id, now);
    const review = await tx.review.findUnique({ where: { id: reviewId }, select: { restaurantId: true, restaurant: { select: { ownerId: true } }, reply: true } });
    if (!review?.reply) throw notFound(said("messages.replyNotFound"));
    if (review.restaurant.ownerId === operator.id) throw forbidden(OWN_REVIEW);
    const hide = input.action === "hide";
    if (hide === Boolean(review.reply.hiddenAt)) throw conflict(hide ? "This reply is already hidden" : "This reply is not hidden");
    const { count } = await tx.reviewReply.updateMany({
      where: { reviewId, hiddenAt: hide ? null : { not: null } },
      data: hide ? { hiddenAt: now, hiddenReason: input.reason } : { hiddenAt: null, hiddenReason: null },
    });
    if (!count) throw conflict(said("rules.handlers.replyChanged"));
    await recordAudit(tx, operator, {
      action: hide ? "review_reply.hide" : "review_reply.restore",
      targetType: "review",
      targetId: reviewId,
      reason: input.reason,
      detail: { restaurantId: review.restaurantId },
    });
    return operatorReviewById(tx, reviewId);
  });
}
