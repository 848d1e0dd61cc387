import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { migrateSqlite, migratePostgres, migrationsDir, readMigrations } from "../platform/migrate";
import { scratchPostgresDatabase, testingOnPostgres } from "../platform/testing/db";

// The phone orders' migration (prisma/migrations/20261214040100_phone_orders): Order.paymentMethod's
// CHECK gains 'door', and the order gains `phoneOrder` and `customerPhone`. On SQLite the Order
// table is rebuilt, with foreign keys off around it (lib/server/platform/migrate.ts
// FOREIGN_KEYS_OFF): the rows of the tables that cascade from Order survive it, ids and the
// sequence are kept, and the foreign keys still hold.

const PHONE_ORDERS = "20261214040100_phone_orders";

const seed = [
  `INSERT INTO "User" ("id", "firstName", "updatedAt") VALUES (1, 'Test', CURRENT_TIMESTAMP)`,
  `INSERT INTO "Restaurant" ("id", "name", "ownerId", "description", "address", "city", "state", "zip", "cuisineType", "priceLevel", "deliveryFeeCents", "deliveryTime", "businessHours", "storeImage", "updatedAt")
   VALUES (1, 'Kitchen', 1, 'd', '1 Main St', 'Oakland', 'CA', '94607', 'American', 'INEXPENSIVE', 0, 30, '', '/k.webp', CURRENT_TIMESTAMP)`,
  `INSERT INTO "Order" ("id", "userId", "restaurantId", "restaurantName", "paymentMethod", "stage", "totalCents", "createdAt", "updatedAt") VALUES (7, 1, 1, 'Kitchen', 'wallet', 'placed', 1200, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)`,
  `INSERT INTO "Order" ("id", "userId", "restaurantId", "restaurantName", "paymentMethod", "stage", "createdAt", "updatedAt") VALUES (9, 1, 1, 'Kitchen', 'card', 'accepted', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)`,
  `INSERT INTO "OrderItem" ("orderId", "name", "priceCents", "restaurantId", "quantity") VALUES (7, 'Noodles', 1200, 1, 1)`,
  `INSERT INTO "OrderEvent" ("orderId", "userId", "restaurantId", "stage") VALUES (7, 1, 1, 'placed')`,
  // The newest order was deleted: the next id is still 11, never a reused one.
  `INSERT INTO "Order" ("id", "userId", "restaurantName", "createdAt", "updatedAt") VALUES (10, 1, 'Gone', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)`,
  `DELETE FROM "Order" WHERE "id" = 10`,
];

describe.skipIf(testingOnPostgres)("the phone orders' migration on SQLite", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "nosh-phone-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("rebuilds Order keeping its rows, ids, sequence and every row that cascades from it; 'door' is taken, anything else still refused", () => {
    const file = path.join(dir, "before.db");
    const all = readMigrations();
    migrateSqlite(
      `file:${file}`,
      all.filter((migration) => migration.name < PHONE_ORDERS),
    );
    const before = new Database(file);
    try {
      before.pragma("foreign_keys = ON");
      for (const statement of seed) before.exec(statement);
    } finally {
      before.close();
    }
    expect(migrateSqlite(`file:${file}`, all)).toEqual(all.filter((migration) => migration.name >= PHONE_ORDERS).map((migration) => migration.name));
    const db = new Database(file);
    try {
      db.pragma("foreign_keys = ON");
      expect(db.prepare(`SELECT "id", "paymentMethod", "stage", "totalCents", "phoneOrder", "customerPhone" FROM "Order" ORDER BY "id"`).all()).toEqual([
        { id: 7, paymentMethod: "wallet", stage: "placed", totalCents: 1200, phoneOrder: 0, customerPhone: null },
        { id: 9, paymentMethod: "card", stage: "accepted", totalCents: 0, phoneOrder: 0, customerPhone: null },
      ]);
      expect(db.prepare(`SELECT COUNT(*) AS n FROM "OrderItem" WHERE "orderId" = 7`).get()).toEqual({ n: 1 });
      expect(db.prepare(`SELECT COUNT(*) AS n FROM "OrderEvent" WHERE "orderId" = 7`).get()).toEqual({ n: 1 });
      expect(db.pragma("foreign_key_check")).toEqual([]);
      expect(db.pragma("foreign_keys", { simple: true })).toBe(1);
      const indexes = (db.prepare(`PRAGMA index_list("Order")`).all() as { name: string }[]).map((index) => index.name);
      expect(indexes).toEqual(expect.arrayContaining(["Order_userId_createdAt_idx", "Order_restaurantId_stage_createdAt_idx", "Order_restaurantId_scheduledFor_idx"]));
      const insert = (method: string) =>
        db
          .prepare(
            `INSERT INTO "Order" ("userId", "restaurantName", "paymentMethod", "phoneOrder", "createdAt", "updatedAt") VALUES (1, 'Kitchen', ?, 1, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)`,
          )
          .run(method);
      expect(insert("door").lastInsertRowid).toBe(11);
      expect(() => insert("barter")).toThrow(/CHECK constraint failed/);
      // The cascade still runs from the new table.
      db.exec(`DELETE FROM "Order" WHERE "id" = 7`);
      expect(db.prepare(`SELECT COUNT(*) AS n FROM "OrderItem"`).get()).toEqual({ n: 0 });
    } finally {
      db.close();
    }
  });
});

describe.skipIf(!testingOnPostgres)("the phone orders' migration on PostgreSQL (runs under npm run test:postgres)", () => {
  const scratch = scratchPostgresDatabase("nosh_phone");

  it("takes 'door' and keeps every row; anything else still refused", async () => {
    await scratch.create();
    const all = readMigrations(migrationsDir("postgresql"));
    await scratch.run(async (client) => {
      await migratePostgres(
        client,
        all.filter((migration) => migration.name < PHONE_ORDERS),
      );
      for (const statement of seed) await client.query(statement.replace(/CURRENT_TIMESTAMP/g, "now()"));
      await migratePostgres(client, all);
      const { rows } = await client.query(`SELECT "id", "paymentMethod", "phoneOrder" FROM "Order" ORDER BY "id"`);
      expect(rows).toEqual([
        { id: 7, paymentMethod: "wallet", phoneOrder: false },
        { id: 9, paymentMethod: "card", phoneOrder: false },
      ]);
      const insert = (method: string) =>
        client.query(`INSERT INTO "Order" ("userId", "restaurantName", "paymentMethod", "phoneOrder", "updatedAt") VALUES (1, 'Kitchen', $1, true, now())`, [method]);
      await insert("door");
      await expect(insert("barter")).rejects.toThrow(/check constraint/);
    });
  });
});
