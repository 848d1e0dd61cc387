import "server-only";
import { row, rowOf } from "../platform/row";
import type { Sql } from "../platform/sql";

// Delivery pricing's plain SQL (market.ts, restaurant.ts).

const ruleRow = rowOf({ rule: row.text });

/** The rule an operator stored (JSON), or undefined before any. */
export async function storedRule(sql: Sql): Promise<string | undefined> {
  const [found] = await sql.all(`SELECT "rule" FROM "MarketPricing" WHERE "id" = 1`);
  return found === undefined ? undefined : ruleRow(found).rule;
}

/**
 * Every page that states a delivery fee thrown away (docs/architecture/catalog-and-caching.md
 * "Scopes"): the catalog's version, the restaurant lists' scope and each restaurant's, moved as
 * the Restaurant triggers move them (CatalogVersion first: PostgreSQL's one lock order).
 */
export async function moveEveryRestaurantPage(sql: Sql): Promise<void> {
  await sql.all(`INSERT INTO "CatalogVersion" ("id", "version") VALUES (1, 1) ON CONFLICT ("id") DO UPDATE SET "version" = "CatalogVersion"."version" + 1`);
  await sql.all(`INSERT INTO "CatalogScope" ("scope", "version") VALUES ('restaurants', 1) ON CONFLICT ("scope") DO UPDATE SET "version" = "CatalogScope"."version" + 1`);
  await sql.all(
    `INSERT INTO "CatalogScope" ("scope", "version") SELECT 'restaurant:' || "id", 1 FROM "Restaurant" WHERE 1 = 1 ON CONFLICT ("scope") DO UPDATE SET "version" = "CatalogScope"."version" + 1`,
  );
}
