-- Twin of the SQLite migration. Wallets are ledger accounts like every other balance (issue 48
-- section 4, docs/architecture/ledger.md): each user's "wallet:{id}" LedgerAccount (kind 'wallet')
-- takes the balance "User"."walletCents" held, and the column goes. post() moves a wallet with the
-- conditional UPDATE every account has; WalletTransaction stays the wallet's statement.

-- The accounts' kinds gain 'wallet' (both constraints written again, as the SQLite twin's rebuild does).
ALTER TABLE "LedgerAccount" DROP CONSTRAINT "LedgerAccount_kind_check";
ALTER TABLE "LedgerAccount" DROP CONSTRAINT "LedgerAccount_check";
ALTER TABLE "LedgerAccount" ADD CHECK ("kind" IN ('wallet','restaurant','courier','platform','promotions','clearing','external'));
ALTER TABLE "LedgerAccount" ADD CHECK ("kind" = 'external' OR "balanceCents" >= 0);

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

ALTER TABLE "User" DROP COLUMN "walletCents";
