import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { OperatorReviewsQuery } from "@/lib/contract/operators/rules";
import type { ReviewReplyJson } from "@/lib/contract/reviews/schemas";
import { db, type Tx } from "../platform/db";
import { replyToJson } from "../reviews/reply-json";
import { conflict, forbidden, notFound } from "../platform/errors";
import { takeOperatorAction } from "../platform/action-limits";
import type { Operator } from "../platform/operator";
import { recordAudit } from "../platform/audit";
import { containsText, page, type Page } from "../platform/paging";
import { said } from "@/lib/shared/words/said";

// Reviews as the operator sees them (docs/architecture/operator.md "Reviews"). Hiding takes the
// review out of the public list and out of the restaurant's ratingSum/numReviews in the same
// transaction (the counters reviews/reviews.ts keeps; every later edit or removal of a hidden
// review leaves them alone); restoring puts it back. Its author (their reviews page) and the
// restaurant's owner (its reviews page) still see it, marked with the reason.

export const OWN_REVIEW = said("messages.operatorOwnReview");

const include = {
  user: { select: { id: true, firstName: true, email: true } },
  restaurant: { select: { id: true, name: true, ownerId: true } },
  reply: true,
} satisfies Prisma.ReviewInclude;
type Row = Prisma.ReviewGetPayload<{ include: typeof include }>;

export type OperatorReviewJson = {
  id: number;
  review: string;
  orderRating: number;
  restaurantRating: number;
  orderId: number;
  restaurant: { id: number; name: string };
  author: { id: number; firstName: string; email: string | null };
  createdAt: string;
  hidden: { at: string; reason: string } | null;
  /** The owner's reply, hidden or not; operators/review-replies.ts hides it. */
  reply: ReviewReplyJson | null;
};

const toJson = (r: Row): OperatorReviewJson => ({
  id: r.id,
  review: r.review,
  orderRating: r.orderRating,
  restaurantRating: r.restaurantRating,
  orderId: r.orderId,
  restaurant: { id: r.restaurant.id, name: r.restaurant.name },
  author: { id: r.user.id, firstName: r.user.firstName, email: r.user.email },
  createdAt: r.createdAt.toISOString(),
  hidden: r.hiddenAt ? { at: r.hiddenAt.toISOString(), reason: r.hiddenReason ?? "" } : null,
  reply: replyToJson(r.reply),
});

/** One review as the operator sees it, read in the acting transaction. */
export const operatorReviewById = async (tx: Tx, id: number): Promise<OperatorReviewJson> => toJson(await tx.review.findUniqueOrThrow({ where: { id }, include }));

/** Reviews newest first, by text or restaurant name (`q`) and visible/hidden; one page. */
export async function listAdminReviews(_operator: Operator, query: OperatorReviewsQuery): Promise<Page<OperatorReviewJson>> {
  const q = query.q?.trim();
  const where: Prisma.ReviewWhereInput = {
    ...(query.status === "hidden" ? { hiddenAt: { not: null } } : query.status === "visible" ? { hiddenAt: null } : {}),
    ...(q ? { OR: [{ review: containsText(q) }, { restaurant: { name: containsText(q) } }] } : {}),
  };
  const rows = await db.review.findMany({ where, include, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: query.offset, take: query.limit + 1 });
  return page(rows.map(toJson), query);
}

export async function actOnReview(operator: Operator, id: number, input: { action: "hide" | "restore"; reason: string }, now = new Date()): Promise<OperatorReviewJson> {
  return db.$transaction(async (tx) => {
    await takeOperatorAction(tx, operator.id, now);
    const review = await tx.review.findUnique({ where: { id }, include });
    if (!review) throw notFound(said("messages.reviewNotFound"));
    if (review.userId === operator.id || review.restaurant.ownerId === operator.id) throw forbidden(OWN_REVIEW);
    const hide = input.action === "hide";
    if (hide === Boolean(review.hiddenAt)) throw conflict(hide ? "This review is already hidden" : "This review is not hidden");
    // Conditional on the state read, so two operators at once move the rating once.
    const { count } = await tx.review.updateMany({
      where: { id, hiddenAt: hide ? null : { not: null } },
      data: hide ? { hiddenAt: now, hiddenReason: input.reason } : { hiddenAt: null, hiddenReason: null },
    });
    if (!count) throw conflict(said("rules.handlers.reviewChanged"));
    const sign = hide ? -1 : 1;
    await tx.restaurant.update({
      where: { id: review.restaurantId },
      data: { ratingSum: { increment: sign * review.restaurantRating }, numReviews: { increment: sign } },
    });
    await recordAudit(tx, operator, {
      action: hide ? "review.hide" : "review.restore",
      targetType: "review",
      targetId: id,
      reason: input.reason,
      detail: { restaurantId: review.restaurantId, restaurantRating: review.restaurantRating },
    });
    return operatorReviewById(tx, id);
  });
}
