// Wallet statement rows written directly, made ledger entries (docs/architecture/ledger.md): each
// WalletTransaction row without an entry becomes one entry (its kind, order and time, keyed
// "wallet-row:{id}") whose lines are the wallet's and the external account's; the external
// account's balance and each wallet account's ("wallet:{userId}") are then the sums of their lines.
// The seeds, which write the demo wallets' statements directly (a signup's 999.99 is a "signup"
// row, so a "signup" entry), run them after. Plain SQL that SQLite and PostgreSQL read alike, safe
// to run again. The migration prisma/migrations/20261129090000_ledger ran these statements as
// they stood then (with an "opening" entry for a User.walletCents its rows did not add up to);
// 20261203100000_wallet_accounts moved that column into the wallet accounts.
export const LEDGER_BACKFILL: readonly string[] = [
  `INSERT INTO "LedgerEntry" ("kind", "key", "orderId", "createdAt")
    SELECT "kind", 'wallet-row:' || "id", "orderId", "createdAt" FROM "WalletTransaction" WHERE "entryId" IS NULL AND "amountCents" <> 0 ORDER BY "id"`,
  `INSERT INTO "LedgerLine" ("entryId", "account", "amountCents")
    SELECT e."id", 'wallet:' || t."userId", t."amountCents" FROM "WalletTransaction" t JOIN "LedgerEntry" e ON e."key" = 'wallet-row:' || t."id" WHERE t."entryId" IS NULL`,
  `INSERT INTO "LedgerLine" ("entryId", "account", "amountCents")
    SELECT e."id", 'external', -t."amountCents" FROM "WalletTransaction" t JOIN "LedgerEntry" e ON e."key" = 'wallet-row:' || t."id" WHERE t."entryId" IS NULL`,
  `UPDATE "WalletTransaction" SET "entryId" = (SELECT e."id" FROM "LedgerEntry" e WHERE e."key" = 'wallet-row:' || "WalletTransaction"."id")
    WHERE "entryId" IS NULL AND "amountCents" <> 0`,
  `INSERT INTO "LedgerAccount" ("id", "kind", "balanceCents")
    SELECT 'external', 'external', COALESCE(SUM("amountCents"), 0) FROM "LedgerLine" WHERE "account" = 'external'
    ON CONFLICT ("id") DO UPDATE SET "balanceCents" = excluded."balanceCents"`,
  `INSERT INTO "LedgerAccount" ("id", "kind", "balanceCents")
    SELECT "account", 'wallet', SUM("amountCents") FROM "LedgerLine" WHERE "account" LIKE 'wallet:%' GROUP BY "account"
    ON CONFLICT ("id") DO UPDATE SET "balanceCents" = excluded."balanceCents"`,
];
