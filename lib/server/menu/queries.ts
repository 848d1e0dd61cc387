import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { ALLERGENS, DIET_CODES, toMask, type Allergen, type DietLabel } from "@/lib/shared/menu/allergens";
import { searchWords } from "@/lib/shared/menu/search-text";
import type { MenuItemQuery } from "@/lib/contract/restaurants/browse-rules";
import { config } from "../platform/config";
import { db, type Tx } from "../platform/db";
import { textMatch } from "../platform/queries/match";
import { row, rowOf } from "../platform/row";

// The menu's plain SQL (Prisma's tagged raw queries), each row shape with its decoder: the pages
// of dish ids the lists read their rows by (menu-items.ts), the diet and allergen filters (the
// search's too), and the menu's lock (sections.ts).

const idRow = rowOf({ id: row.int });

/**
 * The diet and allergen filters of a dish (docs/architecture/allergens.md), as the bitwise tests
 * on MenuItem's bitmasks that the menu's list and the search AND onto the rows their index found.
 */
export type LabelFilter = { diet?: DietLabel[]; allergenFree?: Allergen[] };

/** Dishes (alias `alias`) with every label of `diet`, and with none of the `allergenFree` allergens; null when not asked for. */
export function labelConditions(filter: LabelFilter, alias: "m" | "d") {
  const a = Prisma.raw(alias);
  const diet = filter.diet ? toMask(DIET_CODES, filter.diet) : 0;
  const free = filter.allergenFree ? toMask(ALLERGENS, filter.allergenFree) : 0;
  return {
    diet: diet ? Prisma.sql`(${a}."dietLabels" & ${diet}) = ${diet}` : null,
    allergenFree: free ? Prisma.sql`(${a}."allergens" & ${free}) = 0` : null,
  };
}

/** The diet and allergen filters asked for (alias m), each `AND`-prefixed; empty when none. */
function labelFilters(query: MenuItemQuery): Prisma.Sql {
  const conditions = Object.values(labelConditions(query, "m")).filter((c): c is Prisma.Sql => c !== null);
  return conditions.length ? Prisma.sql`AND ${Prisma.join(conditions, " AND ")}` : Prisma.empty;
}

/** Every word of `q` is in the item's name or description, as /api/search matches (platform/queries/match.ts). */
function itemMatches(q: string): Prisma.Sql {
  return textMatch("dish", searchWords(q), undefined, { shortQuery: "substring" }) ?? Prisma.sql`1 = 1`;
}

/** A page of a restaurant's menu searched or filtered by diet/allergens, in the menu's order (food type, id); none when it is suspended. */
export async function restaurantMenuIds(query: MenuItemQuery): Promise<number[]> {
  const page = await db.$queryRaw<unknown[]>`
      SELECT m."id" FROM "MenuItem" AS m
      WHERE m."restaurantId" = ${query.restaurantId} AND ${query.q ? itemMatches(query.q) : Prisma.sql`1 = 1`} ${labelFilters(query)}
        AND NOT EXISTS (SELECT 1 FROM "Restaurant" AS r WHERE r."id" = m."restaurantId" AND r."suspendedAt" IS NOT NULL)
      ORDER BY m."foodType" ASC, m."id" ASC
      LIMIT ${query.limit} OFFSET ${query.offset}`;
  return page.map((found) => idRow(found).id);
}

/**
 * A page of all items of active restaurants by name. Prisma writes the filter
 * `{ restaurant: { servicing: true } }` as a JOIN, which SQLite answered by reading every active
 * restaurant's items and sorting them all (about 40,000 at scale 10: 0.5 s a page). With EXISTS
 * it walks the name index and stops after one page, checking each item's restaurant by primary key.
 */
export async function activeMenuItemIds(query: MenuItemQuery): Promise<number[]> {
  const search = query.q ? Prisma.sql`AND ${itemMatches(query.q)}` : Prisma.empty;
  const page = await db.$queryRaw<unknown[]>`
    SELECT m."id" FROM "MenuItem" AS m
    WHERE EXISTS (SELECT 1 FROM "Restaurant" AS r WHERE r."id" = m."restaurantId" AND r."servicing")
    ${search} ${labelFilters(query)}
    ORDER BY m."name" ASC, m."id" ASC
    LIMIT ${query.limit} OFFSET ${query.offset}`;
  return page.map((found) => idRow(found).id);
}

/**
 * Locks the restaurant's row for this transaction (on PostgreSQL FOR NO KEY UPDATE: dishes may
 * still be added meanwhile; on SQLite the write transaction itself holds it), only if `ownerId`
 * owns it when given. Whether the row was found.
 */
export async function lockRestaurantRow(tx: Tx, restaurantId: number, ownerId: number | null): Promise<boolean> {
  const lock = Prisma.raw(config().databaseProvider === "postgresql" ? "FOR NO KEY UPDATE" : "");
  const rows =
    ownerId === null
      ? await tx.$queryRaw<unknown[]>`SELECT "id" FROM "Restaurant" WHERE "id" = ${restaurantId} ${lock}`
      : await tx.$queryRaw<unknown[]>`SELECT "id" FROM "Restaurant" WHERE "id" = ${restaurantId} AND "ownerId" = ${ownerId} ${lock}`;
  return rows.length > 0;
}
