import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { migratePostgres, migrateSqlite, migrationsDir, readMigrations } from "../platform/migrate";
import { scratchPostgresDatabase, testingOnPostgres } from "../platform/testing/db";

// The unlimited-uses migration (prisma/migrations/20261205400000_promotion_unlimited_uses and its
// PostgreSQL twin) on promotions made before it: each keeps its stored limit (1
// from the old form default, 3 set by an owner), their redemptions stay (a table rebuild would have
// cascaded them away), the column now takes NULL (no limit) and still refuses 0.

const MIGRATION = "20261205400000_promotion_unlimited_uses";
const SETUP = [
  `INSERT INTO "Promotion" ("id", "restaurantId", "kind", "value", "perCustomerLimit", "updatedAt") VALUES (1, 1, 'percent', 10, 1, CURRENT_TIMESTAMP)`,
  `INSERT INTO "Promotion" ("id", "restaurantId", "code", "codeKey", "kind", "value", "perCustomerLimit", "updatedAt") VALUES (2, 1, 'Save3', 'SAVE3', 'amount', 300, 3, CURRENT_TIMESTAMP)`,
  `INSERT INTO "PromotionRedemption" ("promotionId", "userId", "orderId") VALUES (1, 7, 70), (2, 7, 71)`,
];
const LIMITS = `SELECT "id", "perCustomerLimit" FROM "Promotion" ORDER BY "id"`;
const REDEMPTIONS = `SELECT "promotionId", "userId", "orderId" FROM "PromotionRedemption" ORDER BY "orderId"`;
const UNLIMITED = `INSERT INTO "Promotion" ("id", "restaurantId", "kind", "value", "perCustomerLimit", "updatedAt") VALUES (3, 1, 'free_delivery', 0, NULL, CURRENT_TIMESTAMP)`;
const ZERO = `UPDATE "Promotion" SET "perCustomerLimit" = 0 WHERE "id" = 1`;
const BEFORE = [
  { id: 1, perCustomerLimit: 1 },
  { id: 2, perCustomerLimit: 3 },
];

describe.skipIf(testingOnPostgres)("the unlimited-uses migration on SQLite", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "nosh-promo-uses-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps every stored limit and every redemption; NULL is now no limit, 0 still refused", () => {
    const url = `file:${path.join(dir, "before.db")}`;
    const all = readMigrations();
    migrateSqlite(
      url,
      all.filter((migration) => migration.name < MIGRATION),
    );
    const db = new Database(url.slice("file:".length));
    try {
      db.pragma("foreign_keys = OFF"); // rows without their restaurant and orders: only the promotion's columns are under test
      for (const statement of SETUP) db.exec(statement);
    } finally {
      db.close();
    }
    expect(migrateSqlite(url, all)).toEqual(all.filter((migration) => migration.name >= MIGRATION).map((migration) => migration.name));
    const after = new Database(url.slice("file:".length));
    try {
      after.pragma("foreign_keys = OFF");
      expect(after.prepare(LIMITS).all()).toEqual(BEFORE);
      expect(after.prepare(REDEMPTIONS).all()).toHaveLength(2);
      after.exec(UNLIMITED);
      expect(after.prepare(`SELECT "perCustomerLimit" FROM "Promotion" WHERE "id" = 3`).get()).toEqual({ perCustomerLimit: null });
      expect(() => after.exec(ZERO)).toThrow(/CHECK/);
    } finally {
      after.close();
    }
  });
});

describe.skipIf(!testingOnPostgres)("the unlimited-uses migration on PostgreSQL", () => {
  const scratch = scratchPostgresDatabase("nosh_promo_uses");

  it("keeps every stored limit and every redemption; NULL is now no limit, 0 still refused", async () => {
    await scratch.create();
    const all = readMigrations(migrationsDir("postgresql"));
    await scratch.run(async (client) => {
      await migratePostgres(
        client,
        all.filter((migration) => migration.name < MIGRATION),
      );
      // Rows without their restaurant and orders: only the promotion's columns are under test.
      await client.query(`SET session_replication_role = replica`);
      for (const statement of SETUP) await client.query(statement);
      expect(await migratePostgres(client, all)).toEqual(all.filter((migration) => migration.name >= MIGRATION).map((migration) => migration.name));
      expect((await client.query(LIMITS)).rows).toEqual(BEFORE);
      expect((await client.query(REDEMPTIONS)).rows).toHaveLength(2);
      await client.query(UNLIMITED);
      expect((await client.query(`SELECT "perCustomerLimit" FROM "Promotion" WHERE "id" = 3`)).rows).toEqual([{ perCustomerLimit: null }]);
      await expect(client.query(ZERO)).rejects.toThrow(/check/i);
    });
  });
});
