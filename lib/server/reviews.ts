import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Paging } from "@/lib/validation/browse";
import { db } from "./db";
import { notFound } from "./errors";

const reviewInclude = { user: { select: { firstName: true } } } satisfies Prisma.ReviewInclude;
type ReviewRow = Prisma.ReviewGetPayload<{ include: typeof reviewInclude }>;

export function reviewToJson(review: ReviewRow) {
  return {
    id: review.id,
    review: review.review,
    orderRating: review.orderRating,
    restaurantRating: review.restaurantRating,
    restaurantId: review.restaurantId,
    orderId: review.orderId,
    userId: review.userId,
    createdAt: review.createdAt.toISOString(),
    firstName: review.user.firstName,
  };
}
export type ReviewJson = ReturnType<typeof reviewToJson>;

/** A restaurant's reviews, newest first (public). Unknown restaurant: 404. */
export async function listRestaurantReviews(restaurantId: number, paging: Paging): Promise<ReviewRow[]> {
  const [restaurant, reviews] = await Promise.all([
    db.restaurant.findUnique({ where: { id: restaurantId }, select: { id: true } }),
    db.review.findMany({
      where: { restaurantId },
      include: reviewInclude,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: paging.offset,
      take: paging.limit,
    }),
  ]);
  if (!restaurant) throw notFound("Restaurant");
  return reviews;
}
