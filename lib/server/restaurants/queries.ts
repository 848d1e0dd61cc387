import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { RestaurantSort } from "@/lib/shared/constants";
import { searchWords } from "@/lib/shared/menu/search-text";
import type { RestaurantQuery } from "@/lib/contract/restaurants/browse-rules";
import { db } from "../platform/db";
import { textMatch } from "../platform/queries/match";
import { row, rowOf } from "../platform/row";

// The catalog's restaurants in plain SQL (Prisma's tagged raw queries), each row shape with its
// decoder: a favourite set (favorites.ts), and a page of ids in a computed order or for a search
// (restaurants.ts).

/** Makes the restaurant one of the user's favourites: ON CONFLICT DO NOTHING on the (user, restaurant) key, alike on both databases. */
export async function insertFavorite(userId: number, restaurantId: number, createdAt: Date): Promise<void> {
  await db.$executeRaw`INSERT INTO "FavoriteRestaurant" ("userId", "restaurantId", "createdAt") VALUES (${userId}, ${restaurantId}, ${createdAt}) ON CONFLICT DO NOTHING`;
}

// A mean shrunk toward 4 stars by three phantom reviews, so one 5-star review does not outrank
// fifty that average 4.8; restaurants without reviews score 4.
const RECOMMENDED_SCORE = Prisma.sql`(r."ratingSum" + 12) * 1.0 / (r."numReviews" + 3)`;

const SORT_ORDER: Record<RestaurantSort | "name", Prisma.Sql> = {
  name: Prisma.empty,
  recommended: Prisma.sql`${RECOMMENDED_SCORE} DESC, r."deliveryTime" ASC,`,
  // Rated first, best mean first (more reviews break ties); the unrated after them.
  rating: Prisma.sql`CASE WHEN r."numReviews" = 0 THEN 1 ELSE 0 END ASC,
    r."ratingSum" * 1.0 / CASE WHEN r."numReviews" = 0 THEN 1 ELSE r."numReviews" END DESC, r."numReviews" DESC,`,
  delivery: Prisma.sql`r."deliveryTime" ASC, r."deliveryFeeCents" ASC,`,
  price: Prisma.sql`CASE r."priceLevel" WHEN 'INEXPENSIVE' THEN 1 WHEN 'MODERATE' THEN 2 WHEN 'EXPENSIVE' THEN 3 ELSE 4 END ASC, ${RECOMMENDED_SCORE} DESC,`,
};

const idRow = rowOf({ id: row.int });

/**
 * The ids of one page of active restaurants in `sort`'s order (then by name and id), matching the
 * query's cuisine and `q` (in the name, the cuisine or a dish's name, as /api/search matches on the
 * search indexes: platform/queries/match.ts); one more than the page when another page exists.
 */
export async function restaurantPageIds(query: RestaurantQuery, sort: RestaurantSort | "name"): Promise<number[]> {
  const cuisine = query.cuisine ? Prisma.sql`AND r."cuisineType" = ${query.cuisine}` : Prisma.empty;
  const words = searchWords(query.q);
  const inRestaurant = textMatch("restaurant", words, ["name", "cuisineType"], { shortQuery: "substring" });
  const inDish = textMatch("dish", words, ["name"], { shortQuery: "substring" });
  const search =
    inRestaurant && inDish ? Prisma.sql`AND (${inRestaurant} OR EXISTS (SELECT 1 FROM "MenuItem" AS m WHERE m."restaurantId" = r."id" AND ${inDish}))` : Prisma.empty;
  const page = await db.$queryRaw<unknown[]>`
    SELECT r."id" FROM "Restaurant" AS r
    WHERE r."servicing" = TRUE ${cuisine} ${search}
    ORDER BY ${SORT_ORDER[sort]} r."name" ASC, r."id" ASC
    LIMIT ${query.limit + 1} OFFSET ${query.offset}`;
  return page.map((found) => idRow(found).id);
}
