import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { ALLERGENS, DIET_CODES } from "@/lib/shared/menu/allergens";
import type { SearchQuery } from "@/lib/contract/search/rules";
import { db } from "../../platform/db";
import { onPostgres } from "../../platform/queries/match";
import { row, rowOf } from "../../platform/row";
import { searchStatements, type Words } from "./statements";

// A search's statements (statements.ts) run, each row shape read by its decoder: the cuisine
// facets, the pages of ids, the dishes' total, the dishes' facets, and the rows of a page of dishes.

const facetRow = rowOf({ cuisine: row.text, count: row.int });

/** Restaurants matching the text and every filter but cuisine, counted per cuisine (in no order). */
export async function cuisineCounts(query: SearchQuery, words: Words, openIds: number[] | null) {
  const rows = await db.$queryRaw<unknown[]>(searchStatements(query, words, openIds).facets);
  return rows.map(facetRow);
}

const idRow = rowOf({ id: row.int });

/** The ids of a page of restaurants, in the result's order. */
export async function restaurantIds(query: SearchQuery, words: Words, openIds: number[] | null): Promise<number[]> {
  const page = await db.$queryRaw<unknown[]>(searchStatements(query, words, openIds).restaurants);
  return page.map((found) => idRow(found).id);
}

const dishIdRow = rowOf({ id: row.int, total: row.intOrNull });
const totalRow = rowOf({ total: row.intOrZero });

/**
 * The ids of a page of dishes in the result's order, and their total: from the text index's count
 * when there are no filters, else from the page's rows (a window count), else (past the last page,
 * no row to ride on) from a count of its own.
 */
export async function dishIdsAndTotal(query: SearchQuery, words: Words, openIds: number[] | null): Promise<{ ids: number[]; total: number }> {
  const statements = searchStatements(query, words, openIds);
  const [page, counted] = await Promise.all([
    db.$queryRaw<unknown[]>(statements.dishes).then((rows) => rows.map(dishIdRow)),
    statements.totalFromIndex ? db.$queryRaw<unknown[]>(statements.dishTotal).then((rows) => rows.map(totalRow)) : null,
  ]);
  let total = (counted ?? page)[0]?.total ?? 0;
  if (!counted && !page.length && query.offset > 0) {
    // Past the last page: the window count had no row to ride on.
    const rows = await db.$queryRaw<unknown[]>(statements.dishTotal);
    total = rows.map(totalRow)[0]?.total ?? 0;
  }
  return { ids: page.map((found) => found.id), total };
}

const dishFacetRow = rowOf(
  Object.fromEntries([...DIET_CODES.map((label) => `diet:${label}`), ...ALLERGENS.map((name) => `free:${name}`)].map((column) => [column, row.intOrZero])),
);

/** The dishes per diet label (`diet:<label>`) and per allergen they are free of (`free:<allergen>`). */
export async function dishFacetCounts(query: SearchQuery, words: Words, openIds: number[] | null): Promise<Record<string, number>> {
  const [found] = await db.$queryRaw<unknown[]>(searchStatements(query, words, openIds).dishFacets);
  return found === undefined ? {} : dishFacetRow(found);
}

const dishRow = rowOf({
  id: row.int,
  name: row.text,
  description: row.text,
  priceCents: row.int,
  foodImage: row.text,
  foodType: row.text,
  restaurantId: row.int,
  likeCount: row.int,
  createdAt: row.date,
  updatedAt: row.date,
  allowsInstructions: row.bool,
  soldOutUntil: row.dateOrNull,
  allergens: row.int,
  mayContain: row.int,
  mayContainNote: row.text,
  dietLabels: row.int,
  sectionId: row.intOrNull,
  sectionPosition: row.int,
  featuredPosition: row.intOrNull,
  translations: row.text,
  restaurantName: row.text,
  ownerId: row.int,
  servicing: row.bool,
  storeImage: row.text,
  cuisineType: row.text,
  currency: row.text,
  likes: row.textOrNull,
});

/**
 * The page's dishes with their restaurant and the ids of the users who favour them, in one
 * statement (what menuItemInclude reads with three): the search box asks on every keystroke.
 * `likes` comes back as the users' ids.
 */
export async function dishRows(ids: number[]) {
  const likes = onPostgres()
    ? Prisma.sql`(SELECT string_agg(l."userId"::text, ',') FROM "Like" AS l WHERE l."menuItemId" = m."id")`
    : Prisma.sql`(SELECT group_concat(l."userId") FROM "Like" AS l WHERE l."menuItemId" = m."id")`;
  const rows = await db.$queryRaw<unknown[]>`
    SELECT m."id", m."name", m."description", m."priceCents", m."foodImage", m."foodType", m."restaurantId", m."likeCount", m."createdAt", m."updatedAt", m."allowsInstructions", m."soldOutUntil", m."allergens", m."mayContain", m."mayContainNote", m."dietLabels",
      m."sectionId", m."sectionPosition", m."featuredPosition", m."translations",
      r."name" AS "restaurantName", r."ownerId", r."servicing", r."storeImage", r."cuisineType", mk."currency", ${likes} AS "likes"
    FROM "MenuItem" AS m JOIN "Restaurant" AS r ON r."id" = m."restaurantId" JOIN "Market" AS mk ON mk."id" = r."marketId"
    WHERE m."id" IN (${Prisma.join(ids)})`;
  return rows.map((found) => {
    const dish = dishRow(found);
    return { ...dish, likes: dish.likes ? dish.likes.split(",").map(Number) : [] };
  });
}
