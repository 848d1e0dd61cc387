-- Disputes and chargebacks (docs/architecture/payments.md "Disputes"): the provider's disputes of a
-- card charge, as Nosh keeps them (one row per provider dispute, its status only moving forward),
-- the evidence an operator submitted, an operator's decision that Nosh absorbs the amount, and the order's own mark ("Disputed") on its pages.
CREATE TABLE "Dispute" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "provider" TEXT NOT NULL,
    "providerDisputeId" TEXT NOT NULL,
    "intentId" TEXT NOT NULL,
    "paymentId" INTEGER,
    "orderId" INTEGER,
    "restaurantId" INTEGER,
    "account" TEXT,
    "amountCents" INTEGER NOT NULL CHECK ("amountCents" >= 0),
    "reason" TEXT NOT NULL,
    "status" TEXT NOT NULL CHECK ("status" IN ('needs_response','under_review','won','lost')),
    "evidenceDueBy" DATETIME,
    "evidence" TEXT,
    "evidenceSubmittedAt" DATETIME,
    "evidenceSubmittedById" INTEGER,
    "absorbedAt" DATETIME,
    "absorbedById" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "closedAt" DATETIME
);
CREATE UNIQUE INDEX "Dispute_provider_providerDisputeId_key" ON "Dispute"("provider", "providerDisputeId");
CREATE INDEX "Dispute_status_createdAt_idx" ON "Dispute"("status", "createdAt");
CREATE INDEX "Dispute_orderId_idx" ON "Dispute"("orderId");

ALTER TABLE "Order" ADD COLUMN "disputeStatus" TEXT;

-- The test provider's own disputes (lib/server/payments/test-provider.ts): its test card
-- 4000 0000 0000 0259 is disputed right after capture; the evidence it was sent, and how it ended.
CREATE TABLE "TestProviderDispute" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "intentId" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "evidence" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX "TestProviderDispute_intentId_idx" ON "TestProviderDispute"("intentId");

-- Entries gain the kind 'dispute' (a disputed amount taken from the restaurant, and given back
-- when the dispute is won). SQLite cannot change a CHECK in place, and LedgerLine's foreign key
-- cascades from LedgerEntry (a DROP would delete every line: the runner's transaction cannot switch
-- foreign keys off), so the lines are set aside in a table without one, both tables rebuilt, and
-- the lines put back with their ids.
CREATE TABLE "new_LedgerEntry" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "kind" TEXT NOT NULL CHECK ("kind" IN ('payment','refund','settlement','payout','topup','deduct','signup','earning','opening','closing','dispute')),
    "key" TEXT,
    "orderId" INTEGER,
    "payoutId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
INSERT INTO "new_LedgerEntry" ("id", "kind", "key", "orderId", "payoutId", "createdAt") SELECT "id", "kind", "key", "orderId", "payoutId", "createdAt" FROM "LedgerEntry";
CREATE TABLE "kept_LedgerLine" ("id" INTEGER NOT NULL, "entryId" INTEGER NOT NULL, "account" TEXT NOT NULL, "amountCents" INTEGER NOT NULL);
INSERT INTO "kept_LedgerLine" ("id", "entryId", "account", "amountCents") SELECT "id", "entryId", "account", "amountCents" FROM "LedgerLine";
DROP TABLE "LedgerLine";
DROP TABLE "LedgerEntry";
ALTER TABLE "new_LedgerEntry" RENAME TO "LedgerEntry";
CREATE UNIQUE INDEX "LedgerEntry_key_key" ON "LedgerEntry"("key");
CREATE INDEX "LedgerEntry_orderId_idx" ON "LedgerEntry"("orderId");
CREATE INDEX "LedgerEntry_kind_orderId_idx" ON "LedgerEntry"("kind", "orderId");
CREATE TABLE "LedgerLine" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "entryId" INTEGER NOT NULL,
    "account" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL CHECK ("amountCents" <> 0),
    CONSTRAINT "LedgerLine_entryId_fkey" FOREIGN KEY ("entryId") REFERENCES "LedgerEntry" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "LedgerLine" ("id", "entryId", "account", "amountCents") SELECT "id", "entryId", "account", "amountCents" FROM "kept_LedgerLine";
DROP TABLE "kept_LedgerLine";
CREATE INDEX "LedgerLine_account_entryId_idx" ON "LedgerLine"("account", "entryId");
CREATE INDEX "LedgerLine_entryId_idx" ON "LedgerLine"("entryId");
