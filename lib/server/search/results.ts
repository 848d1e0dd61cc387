import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { SearchDishJson, SearchRestaurantJson, SearchResultJson } from "@/lib/contract/search-schemas";
import type { SearchQuery } from "@/lib/validation/search";
import { db } from "../platform/db";
import { menuItemToJson, optionGroupsInclude } from "../menu/menu-items";
import { restaurantToJson } from "../restaurants/restaurants";
import { onPostgres } from "../platform/match";
import { searchStatements, type Words } from "./statements";

// One run of a search's statements (statements.ts) and the rows of its two pages, as JSON: the
// cuisine facets (which also give the restaurants' total), a page of restaurants, a page of dishes
// with their total.

/** Restaurants matching the text and every filter but cuisine, counted per cuisine. */
async function cuisineFacets(query: SearchQuery, words: Words, openIds: number[] | null): Promise<Record<string, number>> {
  const rows = await db.$queryRaw<{ cuisine: string; count: number | bigint }[]>(searchStatements(query, words, openIds).facets);
  return Object.fromEntries(rows.sort((a, b) => a.cuisine.localeCompare(b.cuisine)).map((row) => [row.cuisine, Number(row.count)]));
}

async function restaurantPage(query: SearchQuery, words: Words, openIds: number[] | null): Promise<SearchRestaurantJson[]> {
  const page = await db.$queryRaw<{ id: number | bigint }[]>(searchStatements(query, words, openIds).restaurants);
  const ids = page.map((row) => Number(row.id));
  if (!ids.length) return [];
  const rows = new Map((await db.restaurant.findMany({ where: { id: { in: ids } } })).map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = rows.get(id);
    return row ? [{ ...restaurantToJson(row), takingOrders: row.servicing }] : [];
  });
}

async function dishPage(query: SearchQuery, words: Words, openIds: number[] | null): Promise<{ dishes: SearchDishJson[]; total: number }> {
  const statements = searchStatements(query, words, openIds);
  const [page, counted] = await Promise.all([
    db.$queryRaw<{ id: number | bigint; total?: number | bigint }[]>(statements.dishes),
    statements.totalFromIndex ? db.$queryRaw<{ total: number | bigint }[]>(statements.dishTotal) : null,
  ]);
  let total = Number((counted ?? page)[0]?.total ?? 0);
  if (!counted && !page.length && query.offset > 0) {
    // Past the last page: the window count had no row to ride on.
    const rows = await db.$queryRaw<{ total: number | bigint }[]>(statements.dishTotal);
    total = Number(rows[0]?.total ?? 0);
  }
  const ids = page.map((row) => Number(row.id));
  if (!ids.length) return { dishes: [], total };
  const rows = new Map((await dishRows(ids)).map((row) => [row.id, row]));
  const dishes = ids.flatMap((id) => {
    const row = rows.get(id);
    if (!row) return [];
    const json = menuItemToJson(row);
    return [{ ...json, restaurant: { ...json.restaurant, cuisine: row.restaurant.cuisineType, takingOrders: row.restaurant.servicing } }];
  });
  return { dishes, total };
}

type DishRow = Parameters<typeof menuItemToJson>[0];

/**
 * The page's dishes with their restaurant and the ids of the users who favour them, in one
 * statement (what menuItemInclude reads with three): the search box asks on every keystroke.
 */
async function dishRows(ids: number[]): Promise<DishRow[]> {
  const likes = onPostgres()
    ? Prisma.sql`(SELECT string_agg(l."userId"::text, ',') FROM "Like" AS l WHERE l."menuItemId" = m."id")`
    : Prisma.sql`(SELECT group_concat(l."userId") FROM "Like" AS l WHERE l."menuItemId" = m."id")`;
  // The option groups come in one more statement for the whole page (the item JSON carries them).
  const [rows, groups] = await Promise.all([
    db.$queryRaw<Record<string, unknown>[]>`
    SELECT m."id", m."name", m."description", m."priceCents", m."foodImage", m."foodType", m."restaurantId", m."likeCount", m."createdAt", m."updatedAt", m."allowsInstructions", m."soldOutUntil", m."allergens", m."mayContain", m."mayContainNote", m."dietLabels",
      m."sectionId", m."sectionPosition", m."featuredPosition",
      r."name" AS "restaurantName", r."ownerId", r."servicing", r."storeImage", r."cuisineType", ${likes} AS "likes"
    FROM "MenuItem" AS m JOIN "Restaurant" AS r ON r."id" = m."restaurantId"
    WHERE m."id" IN (${Prisma.join(ids)})`,
    db.optionGroup.findMany({ where: { menuItemId: { in: ids } }, orderBy: optionGroupsInclude.orderBy, select: { ...optionGroupsInclude.select, menuItemId: true } }),
  ]);
  const groupsOf = new Map<number, typeof groups>();
  for (const group of groups) groupsOf.set(group.menuItemId, [...(groupsOf.get(group.menuItemId) ?? []), group]);
  return rows.map((row) => ({
    id: Number(row.id),
    name: String(row.name),
    description: String(row.description),
    priceCents: Number(row.priceCents),
    foodImage: String(row.foodImage),
    foodType: String(row.foodType),
    restaurantId: Number(row.restaurantId),
    likeCount: Number(row.likeCount),
    createdAt: new Date(String(row.createdAt)),
    updatedAt: new Date(String(row.updatedAt)),
    allowsInstructions: row.allowsInstructions === true || Number(row.allowsInstructions) === 1,
    soldOutUntil: row.soldOutUntil === null || row.soldOutUntil === undefined ? null : new Date(String(row.soldOutUntil)),
    allergens: Number(row.allergens),
    mayContain: Number(row.mayContain),
    mayContainNote: String(row.mayContainNote),
    dietLabels: Number(row.dietLabels),
    sectionId: row.sectionId === null ? null : Number(row.sectionId),
    sectionPosition: Number(row.sectionPosition),
    featuredPosition: row.featuredPosition === null ? null : Number(row.featuredPosition),
    optionGroups: groupsOf.get(Number(row.id)) ?? [],
    restaurant: {
      id: Number(row.restaurantId),
      name: String(row.restaurantName),
      ownerId: Number(row.ownerId),
      servicing: row.servicing === true || Number(row.servicing) === 1,
      storeImage: String(row.storeImage),
      cuisineType: String(row.cuisineType),
      suspendedAt: null, // the search's statements leave suspended restaurants out
    },
    likes: row.likes
      ? String(row.likes)
          .split(",")
          .map((userId) => ({ userId: Number(userId) }))
      : [],
  }));
}

/** The dishes per diet label and per allergen they are free of (labels and allergens with none left out). */
async function dishFacets(query: SearchQuery, words: Words, openIds: number[] | null) {
  const [row = {}] = await db.$queryRaw<Record<string, number | bigint | null>[]>(searchStatements(query, words, openIds).dishFacets);
  const counts = (prefix: string) =>
    Object.fromEntries(
      Object.entries(row)
        .filter(([key, count]) => key.startsWith(prefix) && Number(count ?? 0) > 0)
        .map(([key, count]) => [key.slice(prefix.length), Number(count)]),
    );
  return { diet: counts("diet:"), allergenFree: counts("free:") };
}

/** A search for these words: facets, both pages and their totals (no suggestion). */
export async function run(query: SearchQuery, words: Words, openIds: number[] | null): Promise<Omit<SearchResultJson, "suggestion">> {
  const wantRestaurants = query.type !== "dishes";
  const wantDishes = query.type !== "restaurants";
  const [facets, restaurants, dishes, dishCounts] = await Promise.all([
    cuisineFacets(query, words, openIds),
    wantRestaurants ? restaurantPage(query, words, openIds) : Promise.resolve([]),
    wantDishes ? dishPage(query, words, openIds) : Promise.resolve({ dishes: [], total: 0 }),
    wantDishes ? dishFacets(query, words, openIds) : Promise.resolve({ diet: {}, allergenFree: {} }),
  ]);
  const restaurantTotal = wantRestaurants
    ? Object.entries(facets).reduce((sum, [cuisine, count]) => (!query.cuisine || (query.cuisine as string[]).includes(cuisine) ? sum + count : sum), 0)
    : 0;
  return { restaurants, dishes: dishes.dishes, total: { restaurants: restaurantTotal, dishes: dishes.total }, facets: { cuisine: facets, ...dishCounts } };
}
