-- A double-entry ledger for the whole marketplace (issue 38, docs/architecture/ledger.md).
-- Accounts other than wallets (a wallet's balance stays User.walletCents), entries whose lines
-- sum to zero, payouts, and a restaurant's commission override.
ALTER TABLE "Restaurant" ADD COLUMN "commissionPercent" INTEGER CHECK ("commissionPercent" IS NULL OR ("commissionPercent" >= 0 AND "commissionPercent" <= 100));
ALTER TABLE "WalletTransaction" ADD COLUMN "entryId" INTEGER;

CREATE TABLE "LedgerAccount" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL CHECK ("kind" IN ('restaurant','courier','platform','promotions','clearing','external')),
    "balanceCents" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CHECK ("kind" = 'external' OR "balanceCents" >= 0)
);

CREATE TABLE "LedgerEntry" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "kind" TEXT NOT NULL CHECK ("kind" IN ('payment','refund','settlement','payout','topup','deduct','signup','earning','opening','closing')),
    "key" TEXT,
    "orderId" INTEGER,
    "payoutId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE UNIQUE INDEX "LedgerEntry_key_key" ON "LedgerEntry"("key");
CREATE INDEX "LedgerEntry_orderId_idx" ON "LedgerEntry"("orderId");

CREATE TABLE "LedgerLine" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "entryId" INTEGER NOT NULL,
    "account" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL CHECK ("amountCents" <> 0),
    CONSTRAINT "LedgerLine_entryId_fkey" FOREIGN KEY ("entryId") REFERENCES "LedgerEntry" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "LedgerLine_account_entryId_idx" ON "LedgerLine"("account", "entryId");
CREATE INDEX "LedgerLine_entryId_idx" ON "LedgerLine"("entryId");

CREATE TABLE "Payout" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "account" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL CHECK ("amountCents" > 0),
    "state" TEXT NOT NULL DEFAULT 'pending' CHECK ("state" IN ('pending','paid')),
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "paidAt" DATETIME
);
CREATE UNIQUE INDEX "Payout_reference_key" ON "Payout"("reference");
CREATE INDEX "Payout_account_createdAt_idx" ON "Payout"("account", "createdAt");
-- At most one payout in flight per account.
CREATE UNIQUE INDEX "Payout_account_pending_key" ON "Payout"("account") WHERE "state" = 'pending';

-- The wallet ledger as it stood becomes entries: prisma/ledger-backfill.ts (the same statements,
-- which the seeds run too). Each WalletTransaction row one entry (its kind, order and time) whose
-- lines are the wallet's and the external account's: before the ledger no money went anywhere but
-- into and out of wallets, so every counter-line is external. A wallet whose rows do not add up to
-- its balance gets one 'opening' entry for the difference, so wallet = sum of its lines holds.
INSERT INTO "LedgerEntry" ("kind", "key", "orderId", "createdAt")
    SELECT "kind", 'wallet-row:' || "id", "orderId", "createdAt" FROM "WalletTransaction" WHERE "entryId" IS NULL AND "amountCents" <> 0 ORDER BY "id";
INSERT INTO "LedgerLine" ("entryId", "account", "amountCents")
    SELECT e."id", 'wallet:' || t."userId", t."amountCents" FROM "WalletTransaction" t JOIN "LedgerEntry" e ON e."key" = 'wallet-row:' || t."id" WHERE t."entryId" IS NULL;
INSERT INTO "LedgerLine" ("entryId", "account", "amountCents")
    SELECT e."id", 'external', -t."amountCents" FROM "WalletTransaction" t JOIN "LedgerEntry" e ON e."key" = 'wallet-row:' || t."id" WHERE t."entryId" IS NULL;
UPDATE "WalletTransaction" SET "entryId" = (SELECT e."id" FROM "LedgerEntry" e WHERE e."key" = 'wallet-row:' || "WalletTransaction"."id")
    WHERE "entryId" IS NULL AND "amountCents" <> 0;
INSERT INTO "LedgerEntry" ("kind", "key", "createdAt")
    SELECT 'opening', 'opening:' || u."id" || ':' || u."walletCents", CURRENT_TIMESTAMP FROM "User" u
    WHERE u."walletCents" <> COALESCE((SELECT SUM(l."amountCents") FROM "LedgerLine" l WHERE l."account" = 'wallet:' || u."id"), 0);
INSERT INTO "LedgerLine" ("entryId", "account", "amountCents")
    SELECT e."id", 'external', -(u."walletCents" - COALESCE((SELECT SUM(l."amountCents") FROM "LedgerLine" l WHERE l."account" = 'wallet:' || u."id"), 0))
    FROM "User" u JOIN "LedgerEntry" e ON e."key" = 'opening:' || u."id" || ':' || u."walletCents" WHERE NOT EXISTS (SELECT 1 FROM "LedgerLine" x WHERE x."entryId" = e."id");
INSERT INTO "LedgerLine" ("entryId", "account", "amountCents")
    SELECT e."id", 'wallet:' || u."id", -l."amountCents"
    FROM "User" u JOIN "LedgerEntry" e ON e."key" = 'opening:' || u."id" || ':' || u."walletCents" JOIN "LedgerLine" l ON l."entryId" = e."id" AND l."account" = 'external'
    WHERE NOT EXISTS (SELECT 1 FROM "LedgerLine" x WHERE x."entryId" = e."id" AND x."account" LIKE 'wallet:%');
INSERT INTO "LedgerAccount" ("id", "kind", "balanceCents")
    SELECT 'external', 'external', COALESCE(SUM("amountCents"), 0) FROM "LedgerLine" WHERE "account" = 'external'
    ON CONFLICT ("id") DO UPDATE SET "balanceCents" = excluded."balanceCents";
