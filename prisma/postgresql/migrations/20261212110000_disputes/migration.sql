-- Disputes and chargebacks (docs/architecture/payments.md "Disputes"): the provider's disputes of a
-- card charge, as Nosh keeps them (one row per provider dispute, its status only moving forward),
-- the evidence an operator submitted, an operator's decision that Nosh absorbs the amount, and the order's own mark ("Disputed") on its pages.
CREATE TABLE "Dispute" (
    "id" SERIAL NOT NULL PRIMARY KEY,
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
    "evidenceDueBy" TIMESTAMP(3),
    "evidence" TEXT,
    "evidenceSubmittedAt" TIMESTAMP(3),
    "evidenceSubmittedById" INTEGER,
    "absorbedAt" TIMESTAMP(3),
    "absorbedById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "closedAt" TIMESTAMP(3)
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
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX "TestProviderDispute_intentId_idx" ON "TestProviderDispute"("intentId");

-- Entries gain the kind 'dispute' (a disputed amount taken from the restaurant, and given back
-- when the dispute is won).
ALTER TABLE "LedgerEntry" DROP CONSTRAINT "LedgerEntry_kind_check";
ALTER TABLE "LedgerEntry" ADD CHECK ("kind" IN ('payment','refund','settlement','payout','topup','deduct','signup','earning','opening','closing','dispute'));
-- The lines' own CHECK, unchanged (SQLite's rebuild restates it).
ALTER TABLE "LedgerLine" DROP CONSTRAINT "LedgerLine_amountCents_check";
ALTER TABLE "LedgerLine" ADD CHECK ("amountCents" <> 0);
