// The ledger's invariants as SQL (docs/architecture/ledger.md), a plain module so that the server
// (lib/server/ledger/check.ts), the migration test and the reliability suite run the same statements.
// Each returns the rows that break it (id, cents): none when it holds.
// Checked by lib/server/ledger/invariants.test.ts, ledger-migration.test.ts and the reliability
// suite's moneyProblems() (e2e/support/reliability.ts, after every crash): every entry balances;
// every account's balance (a wallet's too: wallets are LedgerAccount rows "wallet:{userId}") is the
// sum of its lines, and every line's account has a row; the balances add up to zero; none but
// external is negative; every wallet statement row is its entry's wallet line; the tax payable
// account ("tax", issue 59 item 6) holds only orders' sales tax: each line is an order's, no order's
// share of it is below zero or above the tax it was charged, and a settlement moves exactly the
// order's tax there (never into the platform's revenue).
export const LEDGER_CHECKS: readonly { name: string; sql: string }[] = [
  {
    name: "entries whose lines do not sum to zero",
    sql: `SELECT "entryId" AS "id", CAST(SUM("amountCents") AS BIGINT) AS "cents" FROM "LedgerLine" GROUP BY "entryId" HAVING SUM("amountCents") <> 0`,
  },
  {
    name: "entries without lines",
    sql: `SELECT e."id" AS "id", 0 AS "cents" FROM "LedgerEntry" e WHERE NOT EXISTS (SELECT 1 FROM "LedgerLine" l WHERE l."entryId" = e."id")`,
  },
  {
    name: "accounts (wallets too) whose balance is not the sum of their lines",
    sql: `SELECT a."id" AS "id", a."balanceCents" AS "cents" FROM "LedgerAccount" a
          WHERE a."balanceCents" <> COALESCE((SELECT SUM(l."amountCents") FROM "LedgerLine" l WHERE l."account" = a."id"), 0)`,
  },
  {
    name: "lines of an account with no balance row",
    sql: `SELECT l."account" AS "id", CAST(SUM(l."amountCents") AS BIGINT) AS "cents" FROM "LedgerLine" l
          WHERE NOT EXISTS (SELECT 1 FROM "LedgerAccount" a WHERE a."id" = l."account") GROUP BY l."account"`,
  },
  {
    name: "accounts below zero (only external may be)",
    sql: `SELECT "id" AS "id", "balanceCents" AS "cents" FROM "LedgerAccount" WHERE "balanceCents" < 0 AND "kind" <> 'external'`,
  },
  {
    name: "the balances do not add up to zero",
    // Every line is in exactly one account, so the lines' total is the balances' total: both are checked.
    sql: `SELECT 'all' AS "id", t."cents" FROM (SELECT COALESCE((SELECT SUM("balanceCents") FROM "LedgerAccount"), 0) AS "cents") t WHERE t."cents" <> 0`,
  },
  {
    name: "wallet statement rows that are not their entry's wallet line",
    sql: `SELECT t."id" AS "id", t."amountCents" AS "cents" FROM "WalletTransaction" t
          WHERE t."amountCents" <> 0 AND (t."entryId" IS NULL OR NOT EXISTS (SELECT 1 FROM "LedgerLine" l WHERE l."entryId" = t."entryId" AND l."account" = 'wallet:' || t."userId" AND l."amountCents" = t."amountCents"))`,
  },
  {
    name: "tax payable lines not on an order",
    sql: `SELECT l."id" AS "id", l."amountCents" AS "cents" FROM "LedgerLine" l JOIN "LedgerEntry" e ON e."id" = l."entryId" WHERE l."account" = 'tax' AND e."orderId" IS NULL`,
  },
  {
    name: "orders whose tax payable share is below zero or above the tax they were charged",
    sql: `SELECT e."orderId" AS "id", CAST(SUM(l."amountCents") AS BIGINT) AS "cents" FROM "LedgerLine" l JOIN "LedgerEntry" e ON e."id" = l."entryId"
          LEFT JOIN "Order" o ON o."id" = e."orderId"
          WHERE l."account" = 'tax' GROUP BY e."orderId", o."taxCents" HAVING SUM(l."amountCents") < 0 OR SUM(l."amountCents") > COALESCE(o."taxCents", 0)`,
  },
  {
    name: "settlements that did not move exactly the order's tax to tax payable",
    sql: `SELECT o."id" AS "id", o."taxCents" - COALESCE((SELECT SUM(l."amountCents") FROM "LedgerLine" l WHERE l."entryId" = e."id" AND l."account" = 'tax'), 0) AS "cents"
          FROM "LedgerEntry" e JOIN "Order" o ON o."id" = e."orderId"
          WHERE e."kind" = 'settlement' AND e."key" = 'order:' || o."id" || ':settlement'
            AND o."taxCents" <> COALESCE((SELECT SUM(l."amountCents") FROM "LedgerLine" l WHERE l."entryId" = e."id" AND l."account" = 'tax'), 0)`,
  },
];
