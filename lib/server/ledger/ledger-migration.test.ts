import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { migrateSqlite, migratePostgres, migrationsDir, readMigrations } from "../platform/migrate";
import { scratchPostgresDatabase, testingOnPostgres } from "../platform/testing/db";
import { LEDGER_CHECKS } from "@/prisma/ledger-checks";

// The ledger migration (prisma/migrations/20261129090000_ledger and its PostgreSQL twin, the
// statements of prisma/ledger-backfill.ts) run on a database holding wallets in every state the
// code before it could leave: empty, a signup credit, top-ups, payments and refunds, a payment of
// an order still open, a courier's earnings, a balance written without rows (as the seeds did), a
// zero row, a row whose order was deleted. After it: every row is one entry (its kind, order and
// time) with the wallet's line and the external account's; each wallet's statement is the same
// rows as before; every ledger invariant holds (lib/server/ledger/check.ts).

const LEDGER = "20261129090000_ledger";

/** [user id, walletCents, rows [kind, amountCents, balanceAfterCents, orderId]] before the migration. */
const WALLETS: [number, number, [string, number, number, number | null][]][] = [
  [1, 0, []],
  [2, 2_500, [["signup", 2_500, 2_500, null]]],
  [
    3,
    4_000,
    [
      ["signup", 2_500, 2_500, null],
      ["topup", 5_000, 7_500, null],
      ["payment", -3_000, 4_500, 1],
      ["payment", -1_500, 3_000, 2],
      ["refund", 1_500, 4_500, 2],
      ["deduct", -500, 4_000, null],
    ],
  ],
  // A courier paid into their wallet for a delivery, before the ledger.
  [4, 799, [["earning", 799, 799, 1]]],
  // A balance written without rows (the seeds), and one whose rows do not add up to it.
  [5, 9_999, []],
  [6, 1_200, [["topup", 1_000, 1_000, null]]],
  // A zero row (tests wrote such), and a payment whose order was deleted since (orderId null).
  [7, 0, [["topup", 0, 0, null]]],
  [
    8,
    200,
    [
      ["topup", 1_000, 1_000, null],
      ["payment", -800, 200, null],
    ],
  ],
];

const setup = (): string[] => {
  const statements = WALLETS.map(
    ([id, walletCents]) => `INSERT INTO "User" ("id", "firstName", "walletCents", "updatedAt") VALUES (${id}, 'User ${id}', ${walletCents}, CURRENT_TIMESTAMP)`,
  );
  statements.push(
    `INSERT INTO "Order" ("id", "userId", "restaurantName", "stage", "paymentMethod", "totalCents", "createdAt", "updatedAt") VALUES (1, 3, 'Open order', 'placed', 'wallet', 3000, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)`,
    `INSERT INTO "Order" ("id", "userId", "restaurantName", "stage", "paymentMethod", "totalCents", "createdAt", "updatedAt") VALUES (2, 3, 'Canceled order', 'canceled', 'wallet', 1500, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)`,
  );
  let day = 1;
  for (const [userId, , rows] of WALLETS) {
    for (const [kind, amountCents, balanceAfterCents, orderId] of rows) {
      statements.push(
        `INSERT INTO "WalletTransaction" ("userId", "kind", "amountCents", "balanceAfterCents", "orderId", "createdAt") VALUES (${userId}, '${kind}', ${amountCents}, ${balanceAfterCents}, ${orderId ?? "NULL"}, '2026-11-${String(day++).padStart(2, "0")} 12:00:00')`,
      );
    }
  }
  return statements;
};

const STATEMENT = `SELECT "id", "userId", "kind", "amountCents", "balanceAfterCents", "orderId", "createdAt" FROM "WalletTransaction" ORDER BY "id"`;
const MIGRATED = `SELECT t."id", t."kind", t."amountCents", t."orderId", e."kind" AS "entryKind", e."orderId" AS "entryOrderId", e."createdAt" = t."createdAt" AS "sameTime",
    (SELECT COUNT(*) FROM "LedgerLine" l WHERE l."entryId" = e."id") AS "lines",
    (SELECT SUM(l."amountCents") FROM "LedgerLine" l WHERE l."entryId" = e."id" AND l."account" = 'external') AS "external"
  FROM "WalletTransaction" t LEFT JOIN "LedgerEntry" e ON e."id" = t."entryId" ORDER BY t."id"`;

type Migrated = {
  id: number;
  kind: string;
  amountCents: number;
  orderId: number | null;
  entryKind: string | null;
  entryOrderId: number | null;
  sameTime: unknown;
  lines: number;
  external: number | null;
};

function expectMigrated(rows: Migrated[]) {
  const norm = rows.map((row) => ({
    ...row,
    amountCents: Number(row.amountCents),
    lines: Number(row.lines),
    external: row.external === null ? null : Number(row.external),
    sameTime: Boolean(row.sameTime),
  }));
  for (const row of norm) {
    if (row.amountCents === 0) {
      expect(row.entryKind).toBeNull();
      continue;
    }
    expect(row).toMatchObject({ entryKind: row.kind, entryOrderId: row.orderId, sameTime: true, lines: 2, external: -row.amountCents });
  }
  expect(norm).toHaveLength(WALLETS.reduce((sum, [, , list]) => sum + list.length, 0));
}

describe.skipIf(testingOnPostgres)("the ledger migration on SQLite", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "nosh-ledger-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("makes every wallet row an entry against external, keeps every statement, and every invariant holds", () => {
    const url = `file:${path.join(dir, "before.db")}`;
    const all = readMigrations();
    migrateSqlite(
      url,
      all.filter((migration) => migration.name < LEDGER),
    );
    const db = new Database(url.slice("file:".length));
    let before: unknown[];
    try {
      for (const statement of setup()) db.exec(statement);
      before = db.prepare(STATEMENT).all();
    } finally {
      db.close();
    }
    expect(migrateSqlite(url, all)).toEqual(all.filter((migration) => migration.name >= LEDGER).map((migration) => migration.name));
    const after = new Database(url.slice("file:".length), { readonly: true });
    try {
      expect(after.prepare(STATEMENT).all()).toEqual(before);
      expectMigrated(after.prepare(MIGRATED).all() as Migrated[]);
      for (const check of LEDGER_CHECKS) expect({ check: check.name, rows: after.prepare(check.sql).all() }).toEqual({ check: check.name, rows: [] });
      // The two wallets whose balance had no rows (or rows short of it) got an opening entry for the difference.
      expect(
        after
          .prepare(
            `SELECT "account", "amountCents" FROM "LedgerLine" l JOIN "LedgerEntry" e ON e."id" = l."entryId" WHERE e."kind" = 'opening' AND "account" LIKE 'wallet:%' ORDER BY "account"`,
          )
          .all(),
      ).toEqual([
        { account: "wallet:5", amountCents: 9_999 },
        { account: "wallet:6", amountCents: 200 },
      ]);
    } finally {
      after.close();
    }
  });
});

describe.skipIf(!testingOnPostgres)("the ledger migration on PostgreSQL (runs under npm run test:postgres)", () => {
  const scratch = scratchPostgresDatabase("nosh_ledger");

  it("makes every wallet row an entry against external, keeps every statement, and every invariant holds", async () => {
    await scratch.create();
    const all = readMigrations(migrationsDir("postgresql"));
    await scratch.run(async (client) => {
      await migratePostgres(
        client,
        all.filter((migration) => migration.name < LEDGER),
      );
      for (const statement of setup()) await client.query(statement);
      const before = (await client.query(STATEMENT)).rows;
      expect(await migratePostgres(client, all)).toEqual(all.filter((migration) => migration.name >= LEDGER).map((migration) => migration.name));
      expect((await client.query(STATEMENT)).rows).toEqual(before);
      expectMigrated((await client.query(MIGRATED)).rows as Migrated[]);
      for (const check of LEDGER_CHECKS) expect({ check: check.name, rows: (await client.query(check.sql)).rows }).toEqual({ check: check.name, rows: [] });
      // New entries continue after the migrated ones.
      const inserted = await client.query(`INSERT INTO "LedgerEntry" ("kind", "createdAt") VALUES ('topup', CURRENT_TIMESTAMP) RETURNING "id"`);
      const max = await client.query(`SELECT MAX("id") AS "max" FROM "LedgerEntry"`);
      expect(Number(inserted.rows[0].id)).toBe(Number(max.rows[0].max));
    });
  });
});
