-- Wallets are ledger accounts like every other balance (issue 48 section 4, docs/architecture/ledger.md):
-- each user's "wallet:{id}" LedgerAccount (kind 'wallet') takes the balance "User"."walletCents"
-- held, and the column goes. post() moves a wallet with the conditional UPDATE every account has;
-- WalletTransaction stays the wallet's statement (its rows, with the balance after each).

-- The accounts' kinds gain 'wallet'. SQLite cannot change a CHECK in place: the table is rebuilt
-- with its rows (no foreign key points at it).
CREATE TABLE "new_LedgerAccount" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL CHECK ("kind" IN ('wallet','restaurant','courier','platform','promotions','clearing','external')),
    "balanceCents" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CHECK ("kind" = 'external' OR "balanceCents" >= 0)
);
INSERT INTO "new_LedgerAccount" ("id", "kind", "balanceCents", "updatedAt") SELECT "id", "kind", "balanceCents", "updatedAt" FROM "LedgerAccount";
DROP TABLE "LedgerAccount";
ALTER TABLE "new_LedgerAccount" RENAME TO "LedgerAccount";

-- A wallet whose lines do not add up to its balance (a balance written without them) gets one
-- 'opening' entry for the difference against external, as the ledger migration did, so that its
-- account equals its lines. A database the ledger's checks passed on has none.
INSERT INTO "LedgerEntry" ("kind", "key", "createdAt")
    SELECT 'opening', 'wallet-opening:' || u."id", CURRENT_TIMESTAMP FROM "User" u
    WHERE u."walletCents" <> COALESCE((SELECT SUM(l."amountCents") FROM "LedgerLine" l WHERE l."account" = 'wallet:' || u."id"), 0);
INSERT INTO "LedgerLine" ("entryId", "account", "amountCents")
    SELECT e."id", 'wallet:' || u."id", u."walletCents" - COALESCE((SELECT SUM(l."amountCents") FROM "LedgerLine" l WHERE l."account" = 'wallet:' || u."id"), 0)
    FROM "User" u JOIN "LedgerEntry" e ON e."key" = 'wallet-opening:' || u."id";
INSERT INTO "LedgerLine" ("entryId", "account", "amountCents")
    SELECT e."id", 'external', -l."amountCents" FROM "LedgerEntry" e JOIN "LedgerLine" l ON l."entryId" = e."id" WHERE e."key" LIKE 'wallet-opening:%';
INSERT INTO "LedgerAccount" ("id", "kind", "balanceCents", "updatedAt")
    SELECT 'external', 'external', COALESCE(SUM("amountCents"), 0), CURRENT_TIMESTAMP FROM "LedgerLine" WHERE "account" = 'external'
    ON CONFLICT ("id") DO UPDATE SET "balanceCents" = excluded."balanceCents";

-- Every user's wallet account, holding what "walletCents" held.
INSERT INTO "LedgerAccount" ("id", "kind", "balanceCents", "updatedAt")
    SELECT 'wallet:' || "id", 'wallet', "walletCents", CURRENT_TIMESTAMP FROM "User";
-- Wallet lines whose user is gone (a pruned guest's: its statement rows went with it) get their
-- account too, at the sum of their lines, so that every line's account has a row.
INSERT INTO "LedgerAccount" ("id", "kind", "balanceCents", "updatedAt")
    SELECT l."account", 'wallet', SUM(l."amountCents"), CURRENT_TIMESTAMP FROM "LedgerLine" l
    WHERE l."account" LIKE 'wallet:%' AND NOT EXISTS (SELECT 1 FROM "LedgerAccount" a WHERE a."id" = l."account") GROUP BY l."account";

-- The column goes. Not by rebuilding "User" as Prisma would: the runner applies a migration in
-- one transaction, where foreign keys cannot be switched off, so dropping the old table would
-- cascade to every row that references a user (orders, reviews, statements...). SQLite's own
-- DROP COLUMN rewrites the table in place and keeps them.
ALTER TABLE "User" DROP COLUMN "walletCents";
