import "server-only";
import type { SearchDishJson, SearchRestaurantJson, SearchResultJson } from "@/lib/contract/search/schemas";
import type { SearchQuery } from "@/lib/contract/search/rules";
import { db } from "../platform/db";
import { menuItemToJson, optionGroupsInclude } from "../menu/menu-items";
import { restaurantsToJson } from "../restaurants/restaurants";
import { cuisineCounts, dishFacetCounts, dishIdsAndTotal, dishRows, restaurantIds } from "./queries/rows";
import type { Words } from "./queries/statements";
import type { Locale } from "@/lib/i18n/locale";

// One run of a search's statements (queries/) and the rows of its two pages, as JSON: the
// cuisine facets (which also give the restaurants' total), a page of restaurants, a page of dishes
// with their total.

/** Restaurants matching the text and every filter but cuisine, counted per cuisine. */
async function cuisineFacets(query: SearchQuery, words: Words, openIds: number[] | null): Promise<Record<string, number>> {
  const rows = await cuisineCounts(query, words, openIds);
  return Object.fromEntries(rows.sort((a, b) => a.cuisine.localeCompare(b.cuisine)).map((row) => [row.cuisine, row.count]));
}

async function restaurantPage(query: SearchQuery, words: Words, openIds: number[] | null): Promise<SearchRestaurantJson[]> {
  const ids = await restaurantIds(query, words, openIds);
  if (!ids.length) return [];
  const byId = new Map((await db.restaurant.findMany({ where: { id: { in: ids } } })).map((row) => [row.id, row]));
  const rows = ids.flatMap((id) => byId.get(id) ?? []);
  return (await restaurantsToJson(rows)).map((json, i) => ({ ...json, takingOrders: rows[i]!.servicing }));
}

async function dishPage(query: SearchQuery, words: Words, openIds: number[] | null, locale: Locale): Promise<{ dishes: SearchDishJson[]; total: number }> {
  const { ids, total } = await dishIdsAndTotal(query, words, openIds);
  if (!ids.length) return { dishes: [], total };
  const rows = new Map((await dishRowsOf(ids)).map((row) => [row.id, row]));
  const dishes = ids.flatMap((id) => {
    const row = rows.get(id);
    if (!row) return [];
    const json = menuItemToJson(row, locale);
    return [{ ...json, restaurant: { ...json.restaurant, cuisine: row.restaurant.cuisineType, takingOrders: row.restaurant.servicing } }];
  });
  return { dishes, total };
}

type DishRow = Parameters<typeof menuItemToJson>[0];

/**
 * The page's dishes as the item JSON reads them: their rows with their restaurant and likes in one
 * statement (queries/rows.ts), their option groups in one more for the whole page.
 */
async function dishRowsOf(ids: number[]): Promise<DishRow[]> {
  // The option groups come in one more statement for the whole page (the item JSON carries them).
  const [rows, groups] = await Promise.all([
    dishRows(ids),
    db.optionGroup.findMany({ where: { menuItemId: { in: ids } }, orderBy: optionGroupsInclude.orderBy, select: { ...optionGroupsInclude.select, menuItemId: true } }),
  ]);
  const groupsOf = new Map<number, typeof groups>();
  for (const group of groups) groupsOf.set(group.menuItemId, [...(groupsOf.get(group.menuItemId) ?? []), group]);
  return rows.map(({ restaurantName, ownerId, servicing, storeImage, cuisineType, currency, likes, ...dish }) => ({
    ...dish,
    optionGroups: groupsOf.get(dish.id) ?? [],
    restaurant: {
      id: dish.restaurantId,
      name: restaurantName,
      ownerId,
      servicing,
      storeImage,
      cuisineType,
      suspendedAt: null, // the search's statements leave suspended restaurants out
      market: { currency },
    },
    likes: likes.map((userId) => ({ userId })),
  }));
}

/** The dishes per diet label and per allergen they are free of (labels and allergens with none left out). */
async function dishFacets(query: SearchQuery, words: Words, openIds: number[] | null) {
  const row = await dishFacetCounts(query, words, openIds);
  const counts = (prefix: string) =>
    Object.fromEntries(
      Object.entries(row)
        .filter(([key, count]) => key.startsWith(prefix) && count > 0)
        .map(([key, count]) => [key.slice(prefix.length), count]),
    );
  return { diet: counts("diet:"), allergenFree: counts("free:") };
}

/** A search for these words: facets, both pages and their totals (no suggestion). */
export async function run(query: SearchQuery, words: Words, openIds: number[] | null, locale: Locale): Promise<Omit<SearchResultJson, "suggestion">> {
  const wantRestaurants = query.type !== "dishes";
  const wantDishes = query.type !== "restaurants";
  const [facets, restaurants, dishes, dishCounts] = await Promise.all([
    cuisineFacets(query, words, openIds),
    wantRestaurants ? restaurantPage(query, words, openIds) : Promise.resolve([]),
    wantDishes ? dishPage(query, words, openIds, locale) : Promise.resolve({ dishes: [], total: 0 }),
    wantDishes ? dishFacets(query, words, openIds) : Promise.resolve({ diet: {}, allergenFree: {} }),
  ]);
  const restaurantTotal = wantRestaurants
    ? Object.entries(facets).reduce((sum, [cuisine, count]) => (!query.cuisine || (query.cuisine as string[]).includes(cuisine) ? sum + count : sum), 0)
    : 0;
  return { restaurants, dishes: dishes.dishes, total: { restaurants: restaurantTotal, dishes: dishes.total }, facets: { cuisine: facets, ...dishCounts } };
}
