import "server-only";
import { row, rowOf } from "../platform/row";
import type { Sql } from "../platform/sql";

// Delivery pricing's plain SQL (market.ts, restaurant.ts).

const ruleRow = rowOf({ rule: row.textOrNull, currency: row.text });

/** The rule an operator stored for the market (JSON, null before any) and the market's currency; undefined: no such market. */
export async function storedRule(sql: Sql, marketId: number): Promise<{ rule: string | null; currency: string } | undefined> {
  const [found] = await sql.all(`SELECT mp."rule", m."currency" FROM "Market" m LEFT JOIN "MarketPricing" mp ON mp."id" = m."id" WHERE m."id" = ?`, [marketId]);
  return found === undefined ? undefined : ruleRow(found);
}

/**
 * Every page of the market's restaurants that states a delivery fee thrown away
 * (docs/architecture/catalog-and-caching.md "Scopes"): the catalog's version, the restaurant lists'
 * scope and each of its restaurants', moved as the Restaurant triggers move them (CatalogVersion
 * first: PostgreSQL's one lock order).
 */
export async function moveMarketRestaurantPages(sql: Sql, marketId: number): Promise<void> {
  await sql.all(`INSERT INTO "CatalogVersion" ("id", "version") VALUES (1, 1) ON CONFLICT ("id") DO UPDATE SET "version" = "CatalogVersion"."version" + 1`);
  await sql.all(`INSERT INTO "CatalogScope" ("scope", "version") VALUES ('restaurants', 1) ON CONFLICT ("scope") DO UPDATE SET "version" = "CatalogScope"."version" + 1`);
  await sql.all(
    `INSERT INTO "CatalogScope" ("scope", "version") SELECT 'restaurant:' || "id", 1 FROM "Restaurant" WHERE "marketId" = ? ON CONFLICT ("scope") DO UPDATE SET "version" = "CatalogScope"."version" + 1`,
    [marketId],
  );
}
