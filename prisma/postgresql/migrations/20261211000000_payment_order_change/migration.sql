-- A dearer replacement paid by card (issue 63 item 5, lib/server/order-changes/answer.ts) keeps
-- its capture's Payment row (purpose 'change'), linked to the change it paid, so the
-- reconciliation finds the provider's capture in the ledger.
ALTER TABLE "Payment" ADD COLUMN "orderChangeId" INTEGER;
