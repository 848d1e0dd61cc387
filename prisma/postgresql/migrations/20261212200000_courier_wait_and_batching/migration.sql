-- Pay for waiting at the restaurant (docs/architecture/couriers.md "Pay for waiting"): what the
-- courier was paid for the minutes past the kitchen's promised ready time, posted at pickup.
ALTER TABLE "DeliveryJob" ADD COLUMN "waitPayCents" INTEGER NOT NULL DEFAULT 0;
-- Honest batching (docs/architecture/dispatch-matching.md): how much longer a batched job's food
-- rides for the trip's other job, the matching's estimate, told to its customer.
ALTER TABLE "DeliveryJob" ADD COLUMN "batchExtraMinutes" INTEGER;
-- An order's delivery reads whether its trip's other job is still held (the order page, the board).
CREATE INDEX "DeliveryJob_batchId_idx" ON "DeliveryJob"("batchId");

-- Entries gain the kind 'wait' (the restaurant's balance paying the courier's wait).
ALTER TABLE "LedgerEntry" DROP CONSTRAINT "LedgerEntry_kind_check";
ALTER TABLE "LedgerEntry" ADD CHECK ("kind" IN ('payment','refund','settlement','payout','topup','deduct','signup','earning','opening','closing','dispute','wait'));
-- The lines' own CHECK, unchanged (SQLite's rebuild restates it).
ALTER TABLE "LedgerLine" DROP CONSTRAINT "LedgerLine_amountCents_check";
ALTER TABLE "LedgerLine" ADD CHECK ("amountCents" <> 0);
