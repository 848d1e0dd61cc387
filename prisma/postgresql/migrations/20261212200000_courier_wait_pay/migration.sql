-- Pay for waiting at the restaurant (docs/architecture/couriers.md "Pay for waiting"): what the
-- courier was paid for the minutes past the kitchen's promised ready time, posted at pickup.
ALTER TABLE "DeliveryJob" ADD COLUMN "waitPayCents" INTEGER NOT NULL DEFAULT 0;

-- Entries gain the kind 'wait' (the restaurant's balance paying the courier's wait).
ALTER TABLE "LedgerEntry" DROP CONSTRAINT "LedgerEntry_kind_check";
ALTER TABLE "LedgerEntry" ADD CHECK ("kind" IN ('payment','refund','settlement','payout','topup','deduct','signup','earning','opening','closing','dispute','wait'));
