import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { MenuItemJson } from "@/lib/contract/menu/schemas";
import { ALLERGENS, DIET_CODES, fromMask } from "@/lib/shared/menu/allergens";
import { MARKET_TIME_ZONE } from "@/lib/shared/constants";
import { majorIn } from "@/lib/shared/money/currency";
import { nextLocalMidnight } from "@/lib/shared/time/opening-hours";
import { pausedUntilAt } from "@/lib/shared/kitchen/kitchen";
import type { OptionGroup } from "@/lib/shared/menu/options";
import { marketDate } from "@/lib/shared/time/schedule";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locale";
import { inLanguage } from "@/lib/shared/menu/menu-translations";
import type { MenuItemQuery, Paging } from "@/lib/contract/restaurants/browse-rules";
import { catalogCached, restaurantOfDish, scopes } from "../platform/catalog-cache";
import { db } from "../platform/db";
import { notFound } from "../platform/errors";
import { activeMenuItemIds, restaurantMenuIds } from "./queries";
import { said } from "@/lib/shared/words/said";

// Menu items with what the contract's item JSON needs, read in one findMany: the restaurant's
// name and owner, the ids of the users who favour the item, and its option groups with their
// options in display order (Prisma reads each relation for the whole page at once, never one
// query per dish).

export const optionGroupsInclude = {
  orderBy: { position: "asc" },
  select: {
    id: true,
    name: true,
    minChoices: true,
    maxChoices: true,
    translations: true,
    options: {
      orderBy: { position: "asc" },
      select: { id: true, name: true, priceDeltaCents: true, soldOutOn: true, allergens: true, removesLabels: true, translations: true },
    },
  },
} satisfies Prisma.MenuItem$optionGroupsArgs;

export const menuItemInclude = {
  restaurant: {
    select: { id: true, name: true, ownerId: true, servicing: true, storeImage: true, cuisineType: true, suspendedAt: true, market: { select: { currency: true } } },
  },
  likes: { select: { userId: true } },
  optionGroups: optionGroupsInclude,
} satisfies Prisma.MenuItemInclude;
type MenuItemRow = Prisma.MenuItemGetPayload<{ include: typeof menuItemInclude }>;
type OptionGroupRow = MenuItemRow["optionGroups"][number];

/**
 * A dish's groups as the shared rules read them (cents). An option sold out on another day than
 * the marketplace's today is available again. Names in `locale` where the owner gave them
 * (lib/shared/menu/menu-translations.ts), the original otherwise.
 */
export function optionGroupsOf(groups: OptionGroupRow[], now = new Date(), locale: Locale = DEFAULT_LOCALE): OptionGroup[] {
  const today = groups.some((group) => group.options.some((option) => option.soldOutOn !== null)) ? marketDate(now) : null;
  return groups.map((group) => ({
    id: group.id,
    name: inLanguage(group, locale, "name", group.name),
    required: group.minChoices >= 1,
    minChoices: group.minChoices,
    maxChoices: group.maxChoices,
    options: group.options.map((option) => ({
      id: option.id,
      name: inLanguage(option, locale, "name", option.name),
      priceDeltaCents: option.priceDeltaCents,
      available: option.soldOutOn === null || option.soldOutOn !== today,
      allergens: fromMask(ALLERGENS, option.allergens),
      removesLabels: fromMask(DIET_CODES, option.removesLabels),
    })),
  }));
}

/** The item's restaurant as the JSON shows it (its suspension is not part of it: a suspended one's dishes are not shown; nor its market, whose currency the amounts are in). */
const restaurantOfItem = ({ suspendedAt: _suspended, market: _market, ...restaurant }: MenuItemRow["restaurant"]) => restaurant;

/**
 * The contract's item JSON. For a reader of another language than English (`locale`, the request's:
 * lib/i18n/translate.ts requestLocale) the name, description and option names are the owner's
 * translations where given, the original otherwise; the fields are the same.
 */
export function menuItemToJson(item: MenuItemRow, locale: Locale = DEFAULT_LOCALE): MenuItemJson {
  // Prices in major units of the restaurant's market's currency (a 1500 yen dish: 1500).
  const major = majorIn(item.restaurant.market.currency);
  return {
    id: item.id,
    name: inLanguage(item, locale, "name", item.name),
    description: inLanguage(item, locale, "description", item.description),
    price: major(item.priceCents),
    food_image: item.foodImage,
    food_type: item.foodType,
    restaurantId: item.restaurantId,
    restaurant_name: item.restaurant.name,
    restaurant_owner_id: item.restaurant.ownerId,
    restaurant: restaurantOfItem(item.restaurant),
    likes: item.likes.map((like) => like.userId),
    likeCount: item.likeCount,
    allowsInstructions: item.allowsInstructions,
    // Marked sold out by its kitchen (docs/architecture/kitchen.md), as of the call; menuItemsUntil ends a kept answer then.
    soldOutUntil: pausedUntilAt(item.soldOutUntil, new Date())?.toISOString() ?? null,
    sectionId: item.sectionId,
    sectionPosition: item.sectionPosition,
    featuredPosition: item.featuredPosition,
    optionGroups: optionGroupsOf(item.optionGroups, new Date(), locale).map((group) => ({
      ...group,
      options: group.options.map(({ priceDeltaCents, allergens = [], removesLabels = [], ...option }) => ({
        ...option,
        priceDelta: major(priceDeltaCents),
        allergens: [...allergens],
        removesLabels: [...removesLabels],
      })),
    })),
    allergens: fromMask(ALLERGENS, item.allergens),
    mayContain: fromMask(ALLERGENS, item.mayContain),
    mayContainNote: item.mayContainNote,
    dietLabels: fromMask(DIET_CODES, item.dietLabels),
  };
}
export type { MenuItemJson };

/**
 * When these items' JSON stops being true by the clock (ms; null: not before the catalog
 * changes): an option sold out today is available again at the marketplace's next midnight
 * (optionGroupsOf), a dish sold out at its `soldOutUntil`, so an answer with one holds until then. For a shared answer.
 */
export function menuItemsUntil(items: MenuItemRow[], now = new Date()): number | null {
  const soldOut = items.some((item) => item.optionGroups.some((group) => group.options.some((option) => option.soldOutOn !== null)));
  const dishes = items.map((item) => pausedUntilAt(item.soldOutUntil, now)?.getTime() ?? Infinity);
  const until = Math.min(soldOut ? nextLocalMidnight(now, MARKET_TIME_ZONE) : Infinity, ...dishes);
  return Number.isFinite(until) ? until : null;
}

/** What a list of menu items reads (catalog-cache.ts scopes): one restaurant's menu its dishes and its row; any other, the whole catalog. */
export const menuItemsScopes = (query: { restaurantId?: number; ids?: number[] }): readonly string[] =>
  query.restaurantId && !query.ids ? [scopes.menu(query.restaurantId), scopes.restaurant(query.restaurantId)] : [scopes.catalog];

/** What a dish reads: the dish (its options, likes) and its restaurant's row (its name, whether it takes orders). */
export async function dishScopes(id: number): Promise<readonly string[]> {
  return [scopes.dish(id), scopes.restaurant((await restaurantOfDish(id)) ?? 0)];
}

/** Menu items, one page: a restaurant's menu or all items of active restaurants (cached, catalog-cache.ts). */
export function listMenuItems(query: MenuItemQuery): Promise<MenuItemRow[]> {
  return catalogCached(`menu-items:${JSON.stringify(query)}`, () => (query.restaurantId ? listRestaurantMenu(query) : listActiveMenuItems(query)), {
    under: menuItemsScopes(query),
  });
}

/**
 * The dishes of these ids that still exist, each with its restaurant (and whether it is taking
 * orders): what the cart checks its lines against. A missing id is a deleted dish.
 */
export function findMenuItems(ids: number[]): Promise<MenuItemRow[]> {
  return db.menuItem.findMany({ where: { id: { in: ids } }, include: menuItemInclude, orderBy: { id: "asc" } });
}

/** A restaurant's menu, one page; a search or a diet/allergen filter keeps Prisma's order via a page of ids (see itemsInOrder). */
async function listRestaurantMenu(query: MenuItemQuery): Promise<MenuItemRow[]> {
  if (query.q || query.diet || query.allergenFree) {
    return itemsInOrder(await restaurantMenuIds(query));
  }
  return db.menuItem.findMany({
    where: { restaurantId: query.restaurantId, restaurant: { suspendedAt: null } },
    include: menuItemInclude,
    orderBy: [{ foodType: "asc" }, { id: "asc" }],
    skip: query.offset,
    take: query.limit,
  });
}

/**
 * All items of active restaurants by name, one page: the page's ids from one raw query (queries.ts
 * says why), the rows with their relations from Prisma, put back in the page's order.
 */
async function listActiveMenuItems(query: MenuItemQuery): Promise<MenuItemRow[]> {
  return itemsInOrder(await activeMenuItemIds(query));
}

/** The rows of a page of ids, with their relations, in the page's order. */
async function itemsInOrder(ids: number[]): Promise<MenuItemRow[]> {
  if (!ids.length) return [];
  const rows = await db.menuItem.findMany({ where: { id: { in: ids } }, include: menuItemInclude });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function getMenuItem(id: number): Promise<MenuItemRow> {
  const item = await catalogCached(`menu-item:${id}`, () => db.menuItem.findUnique({ where: { id }, include: menuItemInclude }), { under: await dishScopes(id) });
  // A suspended restaurant's dishes are gone from the catalog with it (docs/architecture/operator.md).
  if (!item || item.restaurant.suspendedAt) throw notFound(said("messages.menuItemNotFound"));
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
    if (!item.count) throw notFound(said("messages.menuItemNotFound"));
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
