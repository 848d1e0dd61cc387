import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { migrateSqlite, migratePostgres, migrationsDir, readMigrations } from "../platform/migrate";
import { scratchPostgresDatabase, testingOnPostgres } from "../platform/testing/db";
import { LEDGER_CHECKS } from "@/prisma/ledger-checks";

// The wallet accounts migration (prisma/migrations/20261203100000_wallet_accounts and its
// PostgreSQL twin) on a database as the code before it left it: wallets in User.walletCents with
// their ledger lines and statement rows, a wallet's payment sitting in clearing, a guest, a wallet
// past 2^31 cents, a balance written without lines (as tests did), and the lines of a wallet whose
// user was deleted (a pruned guest). After it: every user's "wallet:{id}" account holds exactly
// what walletCents held, the column is gone, nothing that references a user was lost (a table
// rebuild of User would have cascaded), and every ledger invariant holds.

const WALLET_ACCOUNTS = "20261203100000_wallet_accounts";
const BIG = 2 ** 31 + 1;

/** [user id, walletCents, guest] before the migration. */
const USERS: [number, number, boolean][] = [
  [1, 0, false],
  [2, 99_999, false],
  [3, 96_999, false],
  [4, 0, true],
  // Written without lines (no entry says where it came from): an opening entry gives it one.
  [5, 1_500, false],
  [6, BIG, false],
];

/** Entries as post() wrote them: [key, kind, orderId, lines [account, amountCents], the wallet's statement row [userId, balanceAfterCents]]. */
const ENTRIES: [string, string, number | null, [string, number][], [number, number] | null][] = [
  [
    "signup:2",
    "signup",
    null,
    [
      ["wallet:2", 99_999],
      ["external", -99_999],
    ],
    [2, 99_999],
  ],
  [
    "signup:3",
    "signup",
    null,
    [
      ["wallet:3", 99_999],
      ["external", -99_999],
    ],
    [3, 99_999],
  ],
  [
    "order:1:payment",
    "payment",
    1,
    [
      ["wallet:3", -3_000],
      ["clearing", 3_000],
    ],
    [3, 96_999],
  ],
  [
    "topup:6",
    "topup",
    null,
    [
      ["wallet:6", BIG],
      ["external", -BIG],
    ],
    [6, BIG],
  ],
  // A pruned guest's lines: its user and statement rows are gone.
  [
    "signup:99",
    "signup",
    null,
    [
      ["wallet:99", 700],
      ["external", -700],
    ],
    null,
  ],
];

const setup = (): string[] => {
  const statements = USERS.map(
    ([id, walletCents, guest]) =>
      `INSERT INTO "User" ("id", "firstName", "email", "guestAccount", "walletCents", "updatedAt") VALUES (${id}, 'User ${id}', ${guest ? "NULL" : `'u${id}@example.com'`}, ${guest}, ${walletCents}, CURRENT_TIMESTAMP)`,
  );
  statements.push(
    `INSERT INTO "Order" ("id", "userId", "restaurantName", "stage", "paymentMethod", "totalCents", "createdAt", "updatedAt") VALUES (1, 3, 'Open order', 'placed', 'wallet', 3000, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)`,
    `INSERT INTO "IdempotencyKey" ("userId", "key", "scope", "requestHash", "status", "responseBody", "createdAt") VALUES (3, 'k1', 'orders.create', 'h', 201, '{}', CURRENT_TIMESTAMP)`,
  );
  for (const [key, kind, orderId, lines, statement] of ENTRIES) {
    const entry = `(SELECT "id" FROM "LedgerEntry" WHERE "key" = '${key}')`;
    statements.push(`INSERT INTO "LedgerEntry" ("kind", "key", "orderId", "createdAt") VALUES ('${kind}', '${key}', ${orderId ?? "NULL"}, CURRENT_TIMESTAMP)`);
    for (const [account, cents] of lines) statements.push(`INSERT INTO "LedgerLine" ("entryId", "account", "amountCents") VALUES (${entry}, '${account}', ${cents})`);
    if (statement) {
      const [userId, balanceAfter] = statement;
      const cents = lines.find(([account]) => account === `wallet:${userId}`)![1];
      statements.push(
        `INSERT INTO "WalletTransaction" ("userId", "kind", "amountCents", "balanceAfterCents", "orderId", "createdAt", "entryId") VALUES (${userId}, '${kind}', ${cents}, ${balanceAfter}, ${orderId ?? "NULL"}, CURRENT_TIMESTAMP, ${entry})`,
      );
    }
  }
  const sums = new Map<string, number>();
  for (const [, , , lines] of ENTRIES) for (const [account, cents] of lines) if (!account.startsWith("wallet:")) sums.set(account, (sums.get(account) ?? 0) + cents);
  for (const [account, cents] of sums)
    statements.push(
      `INSERT INTO "LedgerAccount" ("id", "kind", "balanceCents") VALUES ('${account}', '${account}', ${cents}) ON CONFLICT ("id") DO UPDATE SET "balanceCents" = excluded."balanceCents"`,
    );
  return statements;
};

const USER_ROWS = `SELECT "id", "firstName", "email", "guestAccount" FROM "User" ORDER BY "id"`;
const KEPT = [
  `SELECT "id", "userId", "kind", "amountCents", "balanceAfterCents", "orderId", "entryId" FROM "WalletTransaction" ORDER BY "id"`,
  `SELECT "id", "userId", "stage", "totalCents" FROM "Order" ORDER BY "id"`,
  `SELECT "userId", "key" FROM "IdempotencyKey" ORDER BY "userId", "key"`,
  `SELECT "entryId", "account", "amountCents" FROM "LedgerLine" WHERE "entryId" IN (SELECT "id" FROM "LedgerEntry" WHERE "key" NOT LIKE 'wallet-opening:%') ORDER BY "id"`,
];
const ACCOUNTS = `SELECT "id", "kind", "balanceCents" FROM "LedgerAccount" ORDER BY "id"`;

const EXPECTED_ACCOUNTS = [
  { id: "clearing", kind: "clearing", balanceCents: 3_000 },
  // Less the opening entry's 1,500 that wallet 5 held without a line.
  { id: "external", kind: "external", balanceCents: -(99_999 + 99_999 + BIG + 700 + 1_500) },
  ...USERS.map(([id, walletCents]) => ({ id: `wallet:${id}`, kind: "wallet", balanceCents: walletCents })),
  { id: "wallet:99", kind: "wallet", balanceCents: 700 },
];

const numbers = (rows: Record<string, unknown>[]) =>
  rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [key, typeof value === "bigint" || key.endsWith("Cents") || key === "entryId" ? Number(value) : value])),
  );

describe.skipIf(testingOnPostgres)("the wallet accounts migration on SQLite", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "nosh-wallets-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("moves every wallet into its ledger account with the same balance, drops the column, keeps every row, and every invariant holds", () => {
    const url = `file:${path.join(dir, "before.db")}`;
    const all = readMigrations();
    migrateSqlite(
      url,
      all.filter((migration) => migration.name < WALLET_ACCOUNTS),
    );
    const db = new Database(url.slice("file:".length));
    let users: unknown[];
    let kept: unknown[][];
    try {
      for (const statement of setup()) db.exec(statement);
      users = db.prepare(USER_ROWS).all();
      kept = KEPT.map((sql) => db.prepare(sql).all());
    } finally {
      db.close();
    }
    expect(migrateSqlite(url, all)).toEqual(all.filter((migration) => migration.name >= WALLET_ACCOUNTS).map((migration) => migration.name));
    const after = new Database(url.slice("file:".length), { readonly: true });
    try {
      expect(after.prepare(USER_ROWS).all()).toEqual(users);
      expect(KEPT.map((sql) => after.prepare(sql).all())).toEqual(kept);
      expect((after.prepare(`PRAGMA table_info("User")`).all() as { name: string }[]).map((column) => column.name)).not.toContain("walletCents");
      expect(numbers(after.prepare(ACCOUNTS).all() as Record<string, unknown>[])).toEqual(EXPECTED_ACCOUNTS);
      for (const check of LEDGER_CHECKS) expect({ check: check.name, rows: after.prepare(check.sql).all() }).toEqual({ check: check.name, rows: [] });
      expect(after.pragma("foreign_key_check")).toEqual([]);
    } finally {
      after.close();
    }
  });
});

describe.skipIf(!testingOnPostgres)("the wallet accounts migration on PostgreSQL (runs under npm run test:postgres)", () => {
  const scratch = scratchPostgresDatabase("nosh_wallets");

  it("moves every wallet into its ledger account with the same balance, drops the column, keeps every row, and every invariant holds", async () => {
    await scratch.create();
    const all = readMigrations(migrationsDir("postgresql"));
    await scratch.run(async (client) => {
      await migratePostgres(
        client,
        all.filter((migration) => migration.name < WALLET_ACCOUNTS),
      );
      for (const statement of setup()) await client.query(statement);
      const users = (await client.query(USER_ROWS)).rows;
      const kept = await Promise.all(KEPT.map(async (sql) => numbers((await client.query(sql)).rows)));
      expect(await migratePostgres(client, all)).toEqual(all.filter((migration) => migration.name >= WALLET_ACCOUNTS).map((migration) => migration.name));
      expect((await client.query(USER_ROWS)).rows).toEqual(users);
      for (const [i, sql] of KEPT.entries()) expect(numbers((await client.query(sql)).rows)).toEqual(kept[i]);
      const columns = await client.query(`SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'User'`);
      expect(columns.rows.map((row: { column_name: string }) => row.column_name)).not.toContain("walletCents");
      expect(numbers((await client.query(ACCOUNTS)).rows)).toEqual(EXPECTED_ACCOUNTS);
      for (const check of LEDGER_CHECKS) expect({ check: check.name, rows: (await client.query(check.sql)).rows }).toEqual({ check: check.name, rows: [] });
      // A wallet account refuses to go below zero, as the column did.
      await expect(client.query(`UPDATE "LedgerAccount" SET "balanceCents" = -1 WHERE "id" = 'wallet:1'`)).rejects.toThrow();
    });
  });
});
