// The wallet ledger as it stands, made ledger entries (docs/architecture/ledger.md): each
// WalletTransaction row without an entry becomes one entry (its kind, order and time, keyed
// "wallet-row:{id}") whose lines are the wallet's and the external account's; a wallet whose rows do
// not add up to its balance gets one "opening" entry for the difference; the external account's
// balance is then the sum of its lines. The migration prisma/migrations/20261129090000_ledger runs
// these statements (and its PostgreSQL twin); the seeds, which write wallets and their rows
// directly, run them after. Plain SQL that SQLite and PostgreSQL read alike, safe to run again.
export const LEDGER_BACKFILL: readonly string[] = [
  `INSERT INTO "LedgerEntry" ("kind", "key", "orderId", "createdAt")
    SELECT "kind", 'wallet-row:' || "id", "orderId", "createdAt" FROM "WalletTransaction" WHERE "entryId" IS NULL AND "amountCents" <> 0 ORDER BY "id"`,
  `INSERT INTO "LedgerLine" ("entryId", "account", "amountCents")
    SELECT e."id", 'wallet:' || t."userId", t."amountCents" FROM "WalletTransaction" t JOIN "LedgerEntry" e ON e."key" = 'wallet-row:' || t."id" WHERE t."entryId" IS NULL`,
  `INSERT INTO "LedgerLine" ("entryId", "account", "amountCents")
    SELECT e."id", 'external', -t."amountCents" FROM "WalletTransaction" t JOIN "LedgerEntry" e ON e."key" = 'wallet-row:' || t."id" WHERE t."entryId" IS NULL`,
  `UPDATE "WalletTransaction" SET "entryId" = (SELECT e."id" FROM "LedgerEntry" e WHERE e."key" = 'wallet-row:' || "WalletTransaction"."id")
    WHERE "entryId" IS NULL AND "amountCents" <> 0`,
  `INSERT INTO "LedgerEntry" ("kind", "key", "createdAt")
    SELECT 'opening', 'opening:' || u."id" || ':' || u."walletCents", CURRENT_TIMESTAMP FROM "User" u
    WHERE u."walletCents" <> COALESCE((SELECT SUM(l."amountCents") FROM "LedgerLine" l WHERE l."account" = 'wallet:' || u."id"), 0)`,
  `INSERT INTO "LedgerLine" ("entryId", "account", "amountCents")
    SELECT e."id", 'external', -(u."walletCents" - COALESCE((SELECT SUM(l."amountCents") FROM "LedgerLine" l WHERE l."account" = 'wallet:' || u."id"), 0))
    FROM "User" u JOIN "LedgerEntry" e ON e."key" = 'opening:' || u."id" || ':' || u."walletCents" WHERE NOT EXISTS (SELECT 1 FROM "LedgerLine" x WHERE x."entryId" = e."id")`,
  `INSERT INTO "LedgerLine" ("entryId", "account", "amountCents")
    SELECT e."id", 'wallet:' || u."id", -l."amountCents"
    FROM "User" u JOIN "LedgerEntry" e ON e."key" = 'opening:' || u."id" || ':' || u."walletCents" JOIN "LedgerLine" l ON l."entryId" = e."id" AND l."account" = 'external'
    WHERE NOT EXISTS (SELECT 1 FROM "LedgerLine" x WHERE x."entryId" = e."id" AND x."account" LIKE 'wallet:%')`,
  `INSERT INTO "LedgerAccount" ("id", "kind", "balanceCents")
    SELECT 'external', 'external', COALESCE(SUM("amountCents"), 0) FROM "LedgerLine" WHERE "account" = 'external'
    ON CONFLICT ("id") DO UPDATE SET "balanceCents" = excluded."balanceCents"`,
];
