import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "../platform/db";
import { bucketOf, type Days } from "./days";
import { LATEST_REVIEWS, num, type LatestReview, type WeekRating } from "./figures";

// What customers said: the average rating week by week, and the latest reviews.

/** Reviews and their average rating in each week of the range. */
export async function weekRatings(restaurantId: number, weeks: Days): Promise<WeekRating[]> {
  const start = weeks.bounds[0]!;
  const end = weeks.bounds[weeks.bounds.length - 1]!;
  const rows = await db.$queryRaw<{ bucket: number | bigint; reviews: unknown; total: unknown }[]>`
    SELECT ${bucketOf(Prisma.sql`r."createdAt"`, weeks.bounds)} AS bucket, COUNT(*) AS reviews, SUM(r."restaurantRating") AS total
    FROM "Review" AS r
    WHERE r."restaurantId" = ${restaurantId} AND r."createdAt" >= ${start} AND r."createdAt" < ${end}
    GROUP BY 1`;
  const byBucket = new Map(rows.map((row) => [Number(row.bucket), row]));
  return weeks.keys.map((weekOf, i) => {
    const row = byBucket.get(i);
    const reviews = num(row?.reviews);
    return { weekOf, reviews, average: reviews ? Math.round((num(row?.total) / reviews) * 100) / 100 : null };
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
