import "server-only";
import type { Restaurant } from "@/lib/generated/prisma/client";
import type { Paging } from "@/lib/contract/restaurants/browse-rules";
import { db } from "../platform/db";
import { insertFavorite } from "./queries";
import { getRestaurant } from "./restaurants";

// A customer's favourite restaurants (docs/architecture/customer-data.md).
// Setting is idempotent: INSERT ... ON CONFLICT DO NOTHING on the (user, restaurant) key reads the
// same on SQLite and PostgreSQL, so 20 parallel favourites leave one row and all answer the same.

/** Makes the restaurant one of the user's favourites (or not); unknown or suspended: 404. */
export async function setFavoriteRestaurant(userId: number, restaurantId: number, favorite: boolean): Promise<{ restaurantId: number; favorite: boolean }> {
  await getRestaurant(restaurantId);
  if (favorite) {
    await insertFavorite(userId, restaurantId, new Date());
  } else {
    await db.favoriteRestaurant.deleteMany({ where: { userId, restaurantId } });
  }
  return { restaurantId, favorite };
}

/** The user's favourite restaurants, most recently added first (suspended ones left out). */
export async function listFavoriteRestaurants(userId: number, paging: Paging): Promise<Restaurant[]> {
  const rows = await db.favoriteRestaurant.findMany({
    where: { userId, restaurant: { suspendedAt: null } },
    orderBy: [{ createdAt: "desc" }, { restaurantId: "desc" }],
    skip: paging.offset,
    take: paging.limit,
    include: { restaurant: true },
  });
  return rows.map((row) => row.restaurant);
}

/** Which of these restaurants the user has favourited (for the hearts on a page of cards). */
export async function favoriteRestaurantIds(userId: number, restaurantIds?: number[]): Promise<number[]> {
  const rows = await db.favoriteRestaurant.findMany({
    where: { userId, ...(restaurantIds ? { restaurantId: { in: restaurantIds } } : {}) },
    select: { restaurantId: true },
  });
  return rows.map((row) => row.restaurantId);
}
