import "server-only";
import type Database from "better-sqlite3";
import { db, postgresPool } from "../db";
import { row, rowOf } from "../row";

// The catalog cache's reads of its counters (catalog-cache.ts): CatalogVersion's, each scope's
// (CatalogScope, moved by the triggers of migrations 20261121170000_catalog_version and
// 20261202153700_catalog_scopes) and a dish's restaurant, for a dish page's scopes. Read before
// every cached value, so each is a primary-key lookup: on SQLite on a read-only connection of the
// cache's own with prepared statements, on PostgreSQL one named statement on the pool.

const SCOPE_VERSIONS = {
  name: "nosh_scope_versions",
  text: `SELECT '*' AS "scope", "version" FROM "CatalogVersion" WHERE "id" = 1 UNION ALL SELECT "scope", "version" FROM "CatalogScope" WHERE "scope" = ANY($1::text[])`,
};
const DISH_RESTAURANT = { name: "nosh_dish_restaurant", text: `SELECT "restaurantId" FROM "MenuItem" WHERE "id" = $1` };

// PostgreSQL's rows (pg's, or Prisma's raw queries'), one decoder per shape (row.ts).
const scopeRow = rowOf({ scope: row.text, version: row.int });
const dishRow = rowOf({ restaurantId: row.int });

/** A read of the counters on PostgreSQL: straight on the pool, else (a client a test made) through Prisma. */
async function postgresQuery(statement: { name: string; text: string }, values: unknown[]): Promise<{ rows: unknown[] }> {
  const pool = postgresPool();
  if (pool) return pool.query({ ...statement, values });
  return { rows: await db.$queryRawUnsafe<unknown[]>(statement.text, ...values) };
}

/** PostgreSQL: the whole catalog's version (as the scope "*") and each of `scopes` ever written, in one statement. */
export async function postgresScopeVersions(scopes: readonly string[]): Promise<Map<string, number>> {
  const { rows } = await postgresQuery(SCOPE_VERSIONS, [scopes]);
  return new Map(rows.map(scopeRow).map((found) => [found.scope, found.version]));
}

/** PostgreSQL: the restaurant dish `id` belongs to, or null for no such dish. */
export async function postgresRestaurantOfDish(id: number): Promise<number | null> {
  const { rows } = await postgresQuery(DISH_RESTAURANT, [id]);
  return rows.map(dishRow)[0]?.restaurantId ?? null;
}

export type SqliteCatalogReader = { version: () => number; scope: (name: string) => number; restaurantOfDish: (id: number) => number | null };

/** SQLite: the same reads prepared once on `connection` (the cache's own, read-only); 0 for a counter never written. */
export function sqliteCatalogReader(connection: Database.Database): SqliteCatalogReader {
  const version = connection.prepare<[], number>(`SELECT "version" FROM "CatalogVersion" WHERE "id" = 1`).pluck();
  const scope = connection.prepare<[string], number>(`SELECT "version" FROM "CatalogScope" WHERE "scope" = ?`).pluck();
  const dish = connection.prepare<[number], number>(`SELECT "restaurantId" FROM "MenuItem" WHERE "id" = ?`).pluck();
  return {
    version: () => Number(version.get() ?? 0),
    scope: (name) => Number(scope.get(name) ?? 0),
    restaurantOfDish: (id) => dish.get(id) ?? null,
  };
}
