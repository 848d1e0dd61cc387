import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { SearchQuery } from "@/lib/contract/search/rules";
import { labelConditions } from "../../menu/queries";

// The WHERE clauses a search's query asks for (alias r: Restaurant), besides the text itself (match.ts).

/**
 * The restaurant filters of the query (alias r), without cuisine when `withCuisine` is false.
 * `openIds`: with `open=true`, the restaurants open now (openRestaurantIds), read before the
 * statements because being open depends on each restaurant's zone and clock, not a column.
 */
export function restaurantFilters(query: SearchQuery, withCuisine: boolean, openIds: number[] | null = null): Prisma.Sql[] {
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

/** The dish filters of the query (alias `alias`): price, diet labels, allergens left out. Each is null when not asked for. */
export function dishFilters(query: SearchQuery, alias: "m" | "d") {
  const a = Prisma.raw(alias);
  return {
    price: query.maxDishPrice === undefined ? null : Prisma.sql`${a}."priceCents" <= ${query.maxDishPrice}`,
    // Bitmasks over lib/shared/menu/allergens.ts's lists (docs/architecture/allergens.md).
    ...labelConditions(query, alias),
  };
}

/** With a dish filter: the restaurant has a dish passing them all (by the MenuItem restaurantId index). */
export function restaurantHasDish(query: SearchQuery): Prisma.Sql | null {
  const filters = Object.values(dishFilters(query, "d")).filter((c): c is Prisma.Sql => c !== null);
  return filters.length ? Prisma.sql`EXISTS (SELECT 1 FROM "MenuItem" AS d WHERE d."restaurantId" = r."id" AND ${Prisma.join(filters, " AND ")})` : null;
}

/** The conditions joined with AND; none is `1 = 1`. */
export const and = (conditions: (Prisma.Sql | null)[]) => {
  const present = conditions.filter((c): c is Prisma.Sql => c !== null);
  return present.length ? Prisma.join(present, " AND ") : Prisma.sql`1 = 1`;
};
