import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { SearchDishJson, SearchRestaurantJson, SearchResultJson } from "@/lib/contract/schemas";
import { searchWords } from "@/lib/shared/search-text";
import type { SearchQuery } from "@/lib/validation/search";
import { catalogCached } from "../platform/catalog-cache";
import { config } from "../platform/config";
import { db } from "../platform/db";
import { Gate } from "../platform/gate";
import { menuItemToJson, optionGroupsInclude } from "../menu/menu-items";
import { openRestaurantIds, restaurantToJson } from "../restaurants/restaurants";
import { correctWords } from "./correct";
import { countMatches, nameRank, onPostgres, textMatch } from "./match";

// GET /api/search (docs/architecture/search.md#search). Answers are kept in the catalog cache
// (../catalog-cache.ts, space "search") under the catalog's version, which the database moves
// with every write to a restaurant, dish, option or like, whoever writes: a dish added or
// renamed by any process or instance is found on the next request, and a repeated search (the
// search box's popular prefixes) costs one primary-key read. A search the cache cannot answer
// takes a turn of `searches` (SEARCH_CONCURRENCY running, SEARCH_QUEUE waiting, then 503) and is
// at most five short queries: the cuisine facets (which also give the restaurants' total), a
// page of restaurant ids, a page of dish ids with their total, and the rows of both pages; a
// text that matches nothing adds the typo correction (correct.ts) and runs again with the
// corrected words.

type Words = string[];

/**
 * The restaurant filters of the query (alias r), without cuisine when `withCuisine` is false.
 * `openIds`: with `open=true`, the restaurants open now (openRestaurantIds), read before the
 * statements because being open depends on each restaurant's zone and clock, not a column.
 */
function restaurantFilters(query: SearchQuery, withCuisine: boolean, openIds: number[] | null = null): Prisma.Sql[] {
  const where: Prisma.Sql[] = [];
  if (query.open && openIds) where.push(openIds.length ? Prisma.sql`r."id" IN (${Prisma.join(openIds)})` : Prisma.sql`1 = 0`);
  if (withCuisine && query.cuisine) where.push(Prisma.sql`r."cuisineType" IN (${Prisma.join(query.cuisine)})`);
  if (query.priceLevel) where.push(Prisma.sql`r."priceLevel" IN (${Prisma.join(query.priceLevel)})`);
  if (query.maxDeliveryMinutes !== undefined) where.push(Prisma.sql`r."deliveryTime" <= ${query.maxDeliveryMinutes}`);
  if (query.minRating !== undefined && query.minRating > 0) {
    // The mean as shown (rounded to one decimal) is at least minRating: sum / count >= minRating - 0.05,
    // in integers: sum * 20 >= (minRating * 20 - 1) * count.
    const bound = Math.round(query.minRating * 20) - 1;
    where.push(Prisma.sql`r."numReviews" > 0 AND r."ratingSum" * 20 >= ${bound} * r."numReviews"`);
  }
  return where;
}

const and = (conditions: (Prisma.Sql | null)[]) => {
  const present = conditions.filter((c): c is Prisma.Sql => c !== null);
  return present.length ? Prisma.join(present, " AND ") : Prisma.sql`1 = 1`;
};

const RATING = Prisma.sql`CASE WHEN r."numReviews" = 0 THEN 0 ELSE r."ratingSum" * 1.0 / r."numReviews" END`;
const PRICE_RANK = Prisma.sql`CASE r."priceLevel" WHEN 'INEXPENSIVE' THEN 1 WHEN 'MODERATE' THEN 2 WHEN 'EXPENSIVE' THEN 3 ELSE 4 END`;

/**
 * The order of a sort. Best match: names above descriptions, restaurants taking orders above
 * those that are not, then rating. The other sorts keep restaurants taking orders first too.
 */
function order(query: SearchQuery, words: Words, target: "restaurant" | "dish"): Prisma.Sql {
  const rank = nameRank(target, words);
  const tail = target === "dish" ? Prisma.sql`m."name" ASC, m."id" ASC` : Prisma.sql`r."name" ASC, r."id" ASC`;
  switch (query.sort) {
    case "rating":
      return Prisma.sql`r."servicing" DESC, ${RATING} DESC, r."numReviews" DESC, ${rank} ${tail}`;
    case "delivery_time":
      return Prisma.sql`r."servicing" DESC, r."deliveryTime" ASC, ${rank} ${RATING} DESC, ${tail}`;
    case "price":
      return target === "dish"
        ? Prisma.sql`r."servicing" DESC, m."priceCents" ASC, ${rank} ${tail}`
        : Prisma.sql`r."servicing" DESC, ${PRICE_RANK} ASC, ${rank} ${RATING} DESC, ${tail}`;
    default:
      return Prisma.sql`${rank} r."servicing" DESC, ${RATING} DESC, ${tail}`;
  }
}

/**
 * The statements a search runs (besides reading its pages' rows by id), exported for the
 * query-plan test (search-plans.test.ts): the cuisine facets, a page of restaurant ids, a page
 * of dish ids with their total, and that total alone (past the last page).
 */
export function searchStatements(query: SearchQuery, words: Words, openIds: number[] | null = null) {
  const restaurantWhere = and([textMatch("restaurant", words), ...restaurantFilters(query, true, openIds), restaurantHasDishUnder(query)]);
  const facetWhere = and([textMatch("restaurant", words), ...restaurantFilters(query, false, openIds), restaurantHasDishUnder(query)]);
  const price = query.maxDishPrice === undefined ? null : Prisma.sql`m."priceCents" <= ${query.maxDishPrice}`;
  const dishWhere = and([textMatch("dish", words), ...restaurantFilters(query, true, openIds), price]);
  // Without filters the dishes' total is the text index's count; otherwise it rides on the page.
  const filtered = restaurantFilters(query, true, openIds).length > 0 || price !== null;
  const indexCount = filtered ? null : countMatches("dish", words);
  return {
    facets: Prisma.sql`SELECT r."cuisineType" AS "cuisine", COUNT(*) AS "count" FROM "Restaurant" AS r WHERE ${facetWhere} GROUP BY r."cuisineType"`,
    restaurants: Prisma.sql`SELECT r."id" FROM "Restaurant" AS r WHERE ${restaurantWhere}
      ORDER BY ${order(query, words, "restaurant")}
      LIMIT ${query.limit} OFFSET ${query.offset}`,
    dishes: Prisma.sql`SELECT m."id"${indexCount ? Prisma.empty : Prisma.sql`, COUNT(*) OVER () AS "total"`} FROM "MenuItem" AS m JOIN "Restaurant" AS r ON r."id" = m."restaurantId"
      WHERE ${dishWhere}
      ORDER BY ${order(query, words, "dish")}
      LIMIT ${query.limit} OFFSET ${query.offset}`,
    dishTotal: indexCount ?? Prisma.sql`SELECT COUNT(*) AS "total" FROM "MenuItem" AS m JOIN "Restaurant" AS r ON r."id" = m."restaurantId" WHERE ${dishWhere}`,
    /** The total comes from `dishTotal`, not from the page's rows. */
    totalFromIndex: indexCount !== null,
  };
}

/** Restaurants matching the text and every filter but cuisine, counted per cuisine. */
async function cuisineFacets(query: SearchQuery, words: Words, openIds: number[] | null): Promise<Record<string, number>> {
  const rows = await db.$queryRaw<{ cuisine: string; count: number | bigint }[]>(searchStatements(query, words, openIds).facets);
  return Object.fromEntries(rows.sort((a, b) => a.cuisine.localeCompare(b.cuisine)).map((row) => [row.cuisine, Number(row.count)]));
}

function restaurantHasDishUnder(query: SearchQuery): Prisma.Sql | null {
  return query.maxDishPrice === undefined
    ? null
    : Prisma.sql`EXISTS (SELECT 1 FROM "MenuItem" AS d WHERE d."restaurantId" = r."id" AND d."priceCents" <= ${query.maxDishPrice})`;
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
    SELECT m."id", m."name", m."description", m."priceCents", m."foodImage", m."foodType", m."restaurantId", m."likeCount", m."createdAt", m."updatedAt", m."allowsInstructions",
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
    optionGroups: groupsOf.get(Number(row.id)) ?? [],
    restaurant: {
      id: Number(row.restaurantId),
      name: String(row.restaurantName),
      ownerId: Number(row.ownerId),
      servicing: row.servicing === true || Number(row.servicing) === 1,
      storeImage: String(row.storeImage),
      cuisineType: String(row.cuisineType),
    },
    likes: row.likes
      ? String(row.likes)
          .split(",")
          .map((userId) => ({ userId: Number(userId) }))
      : [],
  }));
}

async function run(query: SearchQuery, words: Words, openIds: number[] | null): Promise<Omit<SearchResultJson, "suggestion">> {
  const wantRestaurants = query.type !== "dishes";
  const wantDishes = query.type !== "restaurants";
  const [facets, restaurants, dishes] = await Promise.all([
    cuisineFacets(query, words, openIds),
    wantRestaurants ? restaurantPage(query, words, openIds) : Promise.resolve([]),
    wantDishes ? dishPage(query, words, openIds) : Promise.resolve({ dishes: [], total: 0 }),
  ]);
  const restaurantTotal = wantRestaurants
    ? Object.entries(facets).reduce((sum, [cuisine, count]) => (!query.cuisine || (query.cuisine as string[]).includes(cuisine) ? sum + count : sum), 0)
    : 0;
  return { restaurants, dishes: dishes.dishes, total: { restaurants: restaurantTotal, dishes: dishes.total }, facets: { cuisine: facets } };
}

/** The turns of searches the cache cannot answer (exported for the limit's test). */
export const searches = new Gate(() => ({ running: config().searchConcurrency, queued: config().searchQueue }));

/** GET /api/search: see lib/validation/search.ts for the query and lib/contract/schemas.ts for the answer. */
export async function search(query: SearchQuery): Promise<SearchResultJson> {
  return (await searchUntil(query)).result;
}

/** search()'s answer, and the instant (ms) a restaurant in it opens or closes (null: none does). */
export function searchUntil(query: SearchQuery): Promise<{ result: SearchResultJson; until: number | null }> {
  // The same words ("Chicken", " chicken ") are the same search.
  const key = `search:${JSON.stringify({ ...query, q: searchWords(query.q).join(" ") })}`;
  // Kept until the catalog changes or, since restaurants carry openNow, one of them opens or closes.
  return catalogCached(
    key,
    () => searches.run(() => searchNow(query)),
    "search",
    (value) => value.until,
  );
}

/** The answer, and the instant (ms) it stops being true by the clock alone (null: never). */
async function searchNow(query: SearchQuery): Promise<{ result: SearchResultJson; until: number | null }> {
  const open = query.open ? await openRestaurantIds() : null;
  const result = await searchWithCorrection(query, open?.ids ?? null);
  const changes = [open?.until ?? null, ...result.restaurants.map((r) => (r.nextChange ? Date.parse(r.nextChange) : null))];
  const until = changes.reduce<number | null>((earliest, at) => (at !== null && (earliest === null || at < earliest) ? at : earliest), null);
  return { result, until };
}

async function searchWithCorrection(query: SearchQuery, openIds: number[] | null): Promise<SearchResultJson> {
  const words = searchWords(query.q);
  const result = await run(query, words, openIds);
  const found = result.total.restaurants + result.total.dishes + Object.keys(result.facets.cuisine).length;
  if (found || !words.length) return { ...result, suggestion: null };
  const corrected = await correctWords(words);
  if (!corrected) return { ...result, suggestion: null };
  return { ...(await run(query, corrected, openIds)), suggestion: corrected.join(" ") };
}
