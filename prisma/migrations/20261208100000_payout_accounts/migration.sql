-- Issue 59 items 4 and 7 (docs/architecture/payouts.md): payouts go to a verified payout account
-- through the payment provider, complete (or fail) when the provider says so, and the provider's
-- records are reconciled with the ledger.

-- A restaurant's or courier's payout account at the provider (one per ledger account): what the
-- provider answered, never the bank account number (only its last four).
CREATE TABLE "PayoutAccount" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "account" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "providerAccountId" TEXT NOT NULL,
    "status" TEXT NOT NULL CHECK ("status" IN ('pending','verified','restricted')),
    "payoutsEnabled" BOOLEAN NOT NULL DEFAULT false,
    "disabledReason" TEXT,
    "holderName" TEXT NOT NULL,
    "bankLast4" TEXT NOT NULL,
    "routingNumber" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE UNIQUE INDEX "PayoutAccount_account_key" ON "PayoutAccount"("account");
CREATE UNIQUE INDEX "PayoutAccount_provider_providerAccountId_key" ON "PayoutAccount"("provider", "providerAccountId");

-- A payout now follows the provider: pending (waiting for a verified account, or sent), paid or
-- failed (its money back in the balance). SQLite cannot change a CHECK: the table is rebuilt.
CREATE TABLE "new_Payout" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "account" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL CHECK ("amountCents" > 0),
    "state" TEXT NOT NULL DEFAULT 'pending' CHECK ("state" IN ('pending','paid','failed')),
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "paidAt" DATETIME,
    "provider" TEXT,
    "providerPayoutId" TEXT,
    "failureCode" TEXT,
    "failedAt" DATETIME
);
INSERT INTO "new_Payout" ("id", "account", "reference", "amountCents", "state", "createdAt", "paidAt")
    SELECT "id", "account", "reference", "amountCents", "state", "createdAt", "paidAt" FROM "Payout";
DROP TABLE "Payout";
ALTER TABLE "new_Payout" RENAME TO "Payout";
CREATE UNIQUE INDEX "Payout_reference_key" ON "Payout"("reference");
CREATE INDEX "Payout_account_createdAt_idx" ON "Payout"("account", "createdAt");
CREATE UNIQUE INDEX "Payout_account_pending_key" ON "Payout"("account") WHERE "state" = 'pending';
CREATE UNIQUE INDEX "Payout_provider_providerPayoutId_key" ON "Payout"("provider", "providerPayoutId");

-- The test provider's payout accounts and payouts (its side, like its cards and intents).
CREATE TABLE "TestProviderPayoutAccount" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "behavior" TEXT NOT NULL,
    "holderName" TEXT NOT NULL,
    "routingNumber" TEXT NOT NULL,
    "bankLast4" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "payoutsEnabled" BOOLEAN NOT NULL DEFAULT false,
    "disabledReason" TEXT,
    "verifyAfter" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE TABLE "TestProviderPayout" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "accountId" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "failureCode" TEXT,
    "settleAfter" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX "TestProviderPayout_status_settleAfter_idx" ON "TestProviderPayout"("status", "settleAfter");

-- Each difference between the provider's records and the ledger, raised to operators once.
CREATE TABLE "ReconciliationIssue" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "key" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "objectId" TEXT NOT NULL,
    "providerCents" INTEGER NOT NULL,
    "ledgerCents" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolvedAt" DATETIME
);
CREATE UNIQUE INDEX "ReconciliationIssue_key_key" ON "ReconciliationIssue"("key");
