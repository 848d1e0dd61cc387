-- Issue 59 items 4 and 7 (docs/architecture/payouts.md): payouts go to a verified payout account
-- through the payment provider, complete (or fail) when the provider says so, and the provider's
-- records are reconciled with the ledger.

-- A restaurant's or courier's payout account at the provider (one per ledger account): what the
-- provider answered, never the bank account number (only its last four).
CREATE TABLE "PayoutAccount" (
    "id" SERIAL NOT NULL PRIMARY KEY,
    "account" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "providerAccountId" TEXT NOT NULL,
    "status" TEXT NOT NULL CHECK ("status" IN ('pending','verified','restricted')),
    "payoutsEnabled" BOOLEAN NOT NULL DEFAULT false,
    "disabledReason" TEXT,
    "holderName" TEXT NOT NULL,
    "bankLast4" TEXT NOT NULL,
    "routingNumber" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE UNIQUE INDEX "PayoutAccount_account_key" ON "PayoutAccount"("account");
CREATE UNIQUE INDEX "PayoutAccount_provider_providerAccountId_key" ON "PayoutAccount"("provider", "providerAccountId");

-- A payout now follows the provider: pending (waiting for a verified account, or sent), paid or
-- failed (its money back in the balance).
-- (The amount's CHECK restated, as SQLite's rebuilt table states it.)
ALTER TABLE "Payout" DROP CONSTRAINT IF EXISTS "Payout_amountCents_check";
ALTER TABLE "Payout" ADD CONSTRAINT "Payout_amountCents_check" CHECK ("amountCents" > 0);
ALTER TABLE "Payout" DROP CONSTRAINT IF EXISTS "Payout_state_check";
ALTER TABLE "Payout" ADD CONSTRAINT "Payout_state_check" CHECK ("state" IN ('pending','paid','failed'));
ALTER TABLE "Payout" ADD COLUMN "provider" TEXT;
ALTER TABLE "Payout" ADD COLUMN "providerPayoutId" TEXT;
ALTER TABLE "Payout" ADD COLUMN "failureCode" TEXT;
ALTER TABLE "Payout" ADD COLUMN "failedAt" TIMESTAMP(3);
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
    "verifyAfter" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE TABLE "TestProviderPayout" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "accountId" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "failureCode" TEXT,
    "settleAfter" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX "TestProviderPayout_status_settleAfter_idx" ON "TestProviderPayout"("status", "settleAfter");

-- Each difference between the provider's records and the ledger, raised to operators once.
CREATE TABLE "ReconciliationIssue" (
    "id" SERIAL NOT NULL PRIMARY KEY,
    "key" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "objectId" TEXT NOT NULL,
    "providerCents" INTEGER NOT NULL,
    "ledgerCents" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolvedAt" TIMESTAMP(3)
);
CREATE UNIQUE INDEX "ReconciliationIssue_key_key" ON "ReconciliationIssue"("key");
