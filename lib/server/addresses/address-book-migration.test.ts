import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { migratePostgres, migrateSqlite, migrationsDir, readMigrations } from "../platform/migrate";
import { scratchPostgresDatabase, testingOnPostgres } from "../platform/testing/db";

// The address book's migration (prisma/migrations/20261208800000_address_book and its PostgreSQL
// twin) on accounts made before it: an account's placed address becomes its
// book's one entry, "Home", the default, with its instructions; a guest's, an unplaced one and
// none make no entry.

const MIGRATION = "20261208800000_address_book";
const USERS = `INSERT INTO "User" ("id", "firstName", "address", "city", "state", "zip", "lat", "lng", "deliveryInstructions", "guestAccount", "updatedAt") VALUES
  (1, 'Ada', '1 Main St', 'Eugene', 'OR', '97401', 44.07, -123.08, 'Ring twice', false, CURRENT_TIMESTAMP),
  (2, 'Guest', '2 Main St', 'Eugene', 'OR', '97401', 44.07, -123.08, NULL, true, CURRENT_TIMESTAMP),
  (3, 'Unplaced', '3 Main St', 'Nowhere', 'ZZ', '00000', NULL, NULL, NULL, false, CURRENT_TIMESTAMP),
  (4, 'Nobody', NULL, NULL, NULL, NULL, NULL, NULL, NULL, false, CURRENT_TIMESTAMP)`;
const BOOK = `SELECT "userId", "label", "address", "zip", "instructions", "lat", "lng", "isDefault", "pinned" FROM "Address" ORDER BY "userId"`;
const AFTER = { userId: 1, label: "Home", address: "1 Main St", zip: "97401", instructions: "Ring twice", lat: 44.07, lng: -123.08 };

describe.skipIf(testingOnPostgres)("the address book's migration on SQLite", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "nosh-address-book-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("makes each placed account's address its default 'Home' entry; guests, unplaced and empty addresses make none", () => {
    const url = `file:${path.join(dir, "before.db")}`;
    const all = readMigrations();
    migrateSqlite(
      url,
      all.filter((migration) => migration.name < MIGRATION),
    );
    const db = new Database(url.slice("file:".length));
    try {
      db.exec(USERS.replaceAll("false", "0").replaceAll("true", "1"));
    } finally {
      db.close();
    }
    migrateSqlite(url, all);
    const after = new Database(url.slice("file:".length));
    try {
      expect(after.prepare(BOOK).all()).toEqual([{ ...AFTER, isDefault: 1, pinned: 0 }]);
    } finally {
      after.close();
    }
  });
});

describe.skipIf(!testingOnPostgres)("the address book's migration on PostgreSQL", () => {
  const scratch = scratchPostgresDatabase("nosh_address_book");

  it("makes each placed account's address its default 'Home' entry; guests, unplaced and empty addresses make none", async () => {
    await scratch.create();
    const all = readMigrations(migrationsDir("postgresql"));
    await scratch.run(async (client) => {
      await migratePostgres(
        client,
        all.filter((migration) => migration.name < MIGRATION),
      );
      await client.query(USERS);
      await migratePostgres(client, all);
      expect((await client.query(BOOK)).rows).toEqual([{ ...AFTER, isDefault: true, pinned: false }]);
    });
  });
});
