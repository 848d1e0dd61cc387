import "server-only";
import { Prisma, type Restaurant } from "@/lib/generated/prisma/client";
import { centsToDollars } from "@/lib/money";
import type { Paging, RestaurantQuery } from "@/lib/validation/browse";
import { catalogCached } from "./catalog-cache";
import { db } from "./db";
import { notFound } from "./errors";
import { containsLiteral } from "./text-filter";

/** Mean restaurantRating to one decimal, null without reviews (kept as sum and count). */
export function ratingOf(r: { ratingSum: number; numReviews: number }): number | null {
  return r.numReviews ? Math.round((r.ratingSum / r.numReviews) * 10) / 10 : null;
}

export function restaurantToJson(r: Restaurant) {
  return {
    id: r.id,
    ownerId: r.ownerId,
    name: r.name,
    description: r.description,
    address: r.address,
    city: r.city,
    state: r.state,
    zip: r.zip,
    cuisineType: r.cuisineType,
    deliveryFee: centsToDollars(r.deliveryFeeCents),
    deliveryTime: r.deliveryTime,
    businessHours: r.businessHours,
    closingTime: r.closingTime,
    servicing: r.servicing,
    storeImage: r.storeImage,
    priceLevel: r.priceLevel,
    rating: ratingOf(r),
    numReviews: r.numReviews,
  };
}
export type RestaurantJson = ReturnType<typeof restaurantToJson>;

/**
 * Active restaurants, one page. Rating and count are columns of the same rows, so the list is
 * one query; one extra row tells whether another page exists. Cached while the catalog is
 * unchanged (catalog-cache.ts), as are the cuisines and single restaurants below. A search
 * (`q` in the name, the cuisine or a dish's name, literally) picks the page's ids in SQL.
 */
export async function listRestaurants(query: RestaurantQuery) {
  const rows = await catalogCached(`restaurants:${JSON.stringify(query)}`, async () => {
    const page = { skip: query.offset, take: query.limit + 1 };
    const orderBy = [{ name: "asc" as const }, { id: "asc" as const }];
    if (!query.q) return db.restaurant.findMany({ where: { servicing: true, cuisineType: query.cuisine }, orderBy, ...page });
    const ids = await searchRestaurantIds(query.q, query.cuisine, page);
    const found = await db.restaurant.findMany({ where: { id: { in: ids } } });
    const byId = new Map(found.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  });
  const hasMore = rows.length > query.limit;
  return { restaurants: rows.slice(0, query.limit), hasMore, nextOffset: hasMore ? query.offset + query.limit : null };
}

async function searchRestaurantIds(q: string, cuisine: string | undefined, page: { skip: number; take: number }): Promise<number[]> {
  const rows = await db.$queryRaw<{ id: number | bigint }[]>`
    SELECT r."id" FROM "Restaurant" AS r
    WHERE r."servicing" = TRUE ${cuisine ? Prisma.sql`AND r."cuisineType" = ${cuisine}` : Prisma.empty}
      AND (${containsLiteral(Prisma.sql`r."name"`, q)} OR ${containsLiteral(Prisma.sql`r."cuisineType"`, q)}
        OR EXISTS (SELECT 1 FROM "MenuItem" AS m WHERE m."restaurantId" = r."id" AND ${containsLiteral(Prisma.sql`m."name"`, q)}))
    ORDER BY r."name" ASC, r."id" ASC
    LIMIT ${page.take} OFFSET ${page.skip}`;
  return rows.map((row) => Number(row.id));
}

/**
 * The cuisines that at least one active restaurant serves (cuisine chips enable on these).
 * A GROUP BY in SQL, answered from the (servicing, cuisineType, name) index: `findMany` with
 * `distinct` would read every active restaurant and drop the duplicates in JavaScript
 * (about 1,900 rows per /home at scale 10).
 */
export async function activeCuisines(): Promise<string[]> {
  return catalogCached("cuisines", async () => {
    const rows = await db.restaurant.groupBy({ by: ["cuisineType"], where: { servicing: true }, orderBy: { cuisineType: "asc" } });
    return rows.map((r) => r.cuisineType);
  });
}

/** Any restaurant by id, active or not (its page says when it takes no orders). */
export async function getRestaurant(id: number): Promise<Restaurant> {
  const restaurant = await catalogCached(`restaurant:${id}`, () => db.restaurant.findUnique({ where: { id } }));
  if (!restaurant) throw notFound("Restaurant");
  return restaurant;
}

/**
 * The restaurants the user owns, newest first, one page (the same shape as listRestaurants:
 * one extra row tells whether another page exists).
 */
export async function listOwnedRestaurants(userId: number, paging: Paging) {
  const rows = await db.restaurant.findMany({
    where: { ownerId: userId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: paging.offset,
    take: paging.limit + 1,
  });
  const hasMore = rows.length > paging.limit;
  return { restaurants: rows.slice(0, paging.limit), hasMore, nextOffset: hasMore ? paging.offset + paging.limit : null };
}
