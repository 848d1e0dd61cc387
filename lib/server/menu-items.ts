import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { centsToDollars } from "@/lib/money";
import type { MenuItemQuery, Paging } from "@/lib/validation/browse";
import { db } from "./db";
import { notFound } from "./errors";
import { containsText } from "./text-filter";

// Menu items with what the contract's item JSON needs, read in one query: the restaurant's
// name and owner and the ids of the users who favour the item.

export const menuItemInclude = {
  restaurant: { select: { id: true, name: true, ownerId: true, servicing: true, storeImage: true, cuisineType: true } },
  likes: { select: { userId: true } },
} satisfies Prisma.MenuItemInclude;
type MenuItemRow = Prisma.MenuItemGetPayload<{ include: typeof menuItemInclude }>;

export function menuItemToJson(item: MenuItemRow) {
  return {
    id: item.id,
    name: item.name,
    description: item.description,
    price: centsToDollars(item.priceCents),
    food_image: item.foodImage,
    food_type: item.foodType,
    restaurantId: item.restaurantId,
    restaurant_name: item.restaurant.name,
    restaurant_owner_id: item.restaurant.ownerId,
    restaurant: item.restaurant,
    likes: item.likes.map((like) => like.userId),
    likeCount: item.likeCount,
  };
}
export type MenuItemJson = ReturnType<typeof menuItemToJson>;

/** Menu items, one page: a restaurant's menu or all items of active restaurants. */
export async function listMenuItems(query: MenuItemQuery): Promise<MenuItemRow[]> {
  const where: Prisma.MenuItemWhereInput = query.restaurantId
    ? { restaurantId: query.restaurantId }
    : { restaurant: { servicing: true } };
  if (query.q) where.OR = [{ name: containsText(query.q) }, { description: containsText(query.q) }];
  return db.menuItem.findMany({
    where,
    include: menuItemInclude,
    orderBy: query.restaurantId ? [{ foodType: "asc" }, { id: "asc" }] : [{ name: "asc" }, { id: "asc" }],
    skip: query.offset,
    take: query.limit,
  });
}

export async function getMenuItem(id: number): Promise<MenuItemRow> {
  const item = await db.menuItem.findUnique({ where: { id }, include: menuItemInclude });
  if (!item) throw notFound("Menu item");
  return item;
}

/**
 * Toggles the user's like of an item; the item's like count changes in the same transaction.
 * Returns the item as it is afterwards.
 */
export async function toggleLike(userId: number, menuItemId: number): Promise<MenuItemRow> {
  return db.$transaction(async (tx) => {
    // Lock the item's row first (an UPDATE waits for another toggle's transaction on
    // PostgreSQL; SQLite runs one at a time anyway), so concurrent toggles take turns.
    const item = await tx.menuItem.updateMany({ where: { id: menuItemId }, data: { likeCount: { increment: 0 } } });
    if (!item.count) throw notFound("Menu item");
    const removed = await tx.like.deleteMany({ where: { userId, menuItemId } });
    if (removed.count) {
      await tx.menuItem.update({ where: { id: menuItemId }, data: { likeCount: { decrement: 1 } } });
    } else {
      await tx.like.create({ data: { userId, menuItemId } });
      await tx.menuItem.update({ where: { id: menuItemId }, data: { likeCount: { increment: 1 } } });
    }
    return tx.menuItem.findUniqueOrThrow({ where: { id: menuItemId }, include: menuItemInclude });
  });
}

/** The user's favourite items, most recently liked first. */
export async function listFavorites(userId: number, paging: Paging): Promise<MenuItemRow[]> {
  const likes = await db.like.findMany({
    where: { userId },
    orderBy: [{ createdAt: "desc" }, { menuItemId: "desc" }],
    skip: paging.offset,
    take: paging.limit,
    include: { menuItem: { include: menuItemInclude } },
  });
  return likes.map((like) => like.menuItem);
}
