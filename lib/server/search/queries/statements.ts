import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { SearchQuery } from "@/lib/contract/search/rules";
import { ALLERGENS, DIET_CODES } from "@/lib/shared/menu/allergens";
import { and, dishFilters, restaurantFilters, restaurantHasDish } from "./filters";
import { countMatches, textMatch } from "../../platform/queries/match";
import { resultOrder } from "./ranking";

const NOT_SUSPENDED = Prisma.sql`r."suspendedAt" IS NULL`;

/** The words of `q` (searchWords(): folded), or their correction. */
export type Words = string[];

/**
 * The statements a search runs (besides reading its pages' rows by id), exported for the
 * query-plan test (search-plans.test.ts): the cuisine facets, a page of restaurant ids, a page
 * of dish ids with their total, and that total alone (past the last page).
 */
export function searchStatements(query: SearchQuery, words: Words, openIds: number[] | null = null) {
  // A restaurant suspended by an operator is not found at all (closed ones are, ranked last);
  // the dishes' total from the text index may still count its dishes (rare, and only a count).
  const restaurantWhere = and([textMatch("restaurant", words), ...restaurantFilters(query, true, openIds), restaurantHasDish(query), NOT_SUSPENDED]);
  const facetWhere = and([textMatch("restaurant", words), ...restaurantFilters(query, false, openIds), restaurantHasDish(query), NOT_SUSPENDED]);
  const dish = dishFilters(query, "m");
  const dishWhere = and([textMatch("dish", words), ...restaurantFilters(query, true, openIds), dish.price, dish.diet, dish.allergenFree, NOT_SUSPENDED]);
  // Without filters the dishes' total is the text index's count; otherwise it rides on the page.
  const filtered = restaurantFilters(query, true, openIds).length > 0 || Object.values(dish).some((c) => c !== null);
  const indexCount = filtered ? null : countMatches("dish", words);
  return {
    facets: Prisma.sql`SELECT r."cuisineType" AS "cuisine", COUNT(*) AS "count" FROM "Restaurant" AS r WHERE ${facetWhere} GROUP BY r."cuisineType"`,
    restaurants: Prisma.sql`SELECT r."id" FROM "Restaurant" AS r WHERE ${restaurantWhere}
      ORDER BY ${resultOrder(query, words, "restaurant")}
      LIMIT ${query.limit} OFFSET ${query.offset}`,
    dishes: Prisma.sql`SELECT m."id"${indexCount ? Prisma.empty : Prisma.sql`, COUNT(*) OVER () AS "total"`} FROM "MenuItem" AS m JOIN "Restaurant" AS r ON r."id" = m."restaurantId"
      WHERE ${dishWhere}
      ORDER BY ${resultOrder(query, words, "dish")}
      LIMIT ${query.limit} OFFSET ${query.offset}`,
    dishTotal: indexCount ?? Prisma.sql`SELECT COUNT(*) AS "total" FROM "MenuItem" AS m JOIN "Restaurant" AS r ON r."id" = m."restaurantId" WHERE ${dishWhere}`,
    dishFacets: dishFacets(and([textMatch("dish", words), ...restaurantFilters(query, true, openIds), dish.price, NOT_SUSPENDED]), dish),
    /** The total comes from `dishTotal`, not from the page's rows. */
    totalFromIndex: indexCount !== null,
  };
}

/**
 * The dishes' facets in one pass over the dishes matching the text and the other filters:
 * `diet:<label>` counts those carrying the label (and passing allergenFree), `free:<allergen>`
 * those without the allergen (and passing diet).
 */
function dishFacets(where: Prisma.Sql, dish: ReturnType<typeof dishFilters>): Prisma.Sql {
  const when = (bit: Prisma.Sql, other: Prisma.Sql | null) => Prisma.sql`SUM(CASE WHEN ${bit}${other ? Prisma.sql` AND ${other}` : Prisma.empty} THEN 1 ELSE 0 END)`;
  const columns = [
    ...DIET_CODES.map((label, i) => Prisma.sql`${when(Prisma.sql`(m."dietLabels" & ${1 << i}) <> 0`, dish.allergenFree)} AS ${Prisma.raw(`"diet:${label}"`)}`),
    ...ALLERGENS.map((name, i) => Prisma.sql`${when(Prisma.sql`(m."allergens" & ${1 << i}) = 0`, dish.diet)} AS ${Prisma.raw(`"free:${name}"`)}`),
  ];
  return Prisma.sql`SELECT ${Prisma.join(columns)} FROM "MenuItem" AS m JOIN "Restaurant" AS r ON r."id" = m."restaurantId" WHERE ${where}`;
}
