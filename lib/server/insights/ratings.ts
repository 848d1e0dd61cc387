import "server-only";
import { db } from "../platform/db";
import type { Days } from "./days";
import { LATEST_REVIEWS, type LatestReview, type WeekRating } from "./figures";
import { weekRatingRows } from "./queries";

// What customers said: the average rating week by week, and the latest reviews.

/** Reviews and their average rating in each week of the range. */
export async function weekRatings(restaurantId: number, weeks: Days): Promise<WeekRating[]> {
  const rows = await weekRatingRows(restaurantId, weeks);
  const byBucket = new Map(rows.map((row) => [row.bucket, row]));
  return weeks.keys.map((weekOf, i) => {
    const row = byBucket.get(i);
    const reviews = row?.reviews ?? 0;
    return { weekOf, reviews, average: reviews ? Math.round(((row?.total ?? 0) / reviews) * 100) / 100 : null };
  });
}

/** The LATEST_REVIEWS newest reviews written in the range. */
export async function latestReviews(restaurantId: number, start: Date, end: Date): Promise<LatestReview[]> {
  const rows = await db.review.findMany({
    where: { restaurantId, createdAt: { gte: start, lt: end } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: LATEST_REVIEWS,
    select: { id: true, restaurantRating: true, review: true, createdAt: true, user: { select: { firstName: true } } },
  });
  return rows.map((r) => ({ id: r.id, firstName: r.user.firstName, rating: r.restaurantRating, review: r.review, createdAt: r.createdAt }));
}
