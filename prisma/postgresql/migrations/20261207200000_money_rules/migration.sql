-- Issue 59 (docs/architecture/ledger.md "Promotional money", "Holds and claw-backs";
-- docs/architecture/problem-reports.md "Late"):
-- 1. A restaurant's or a courier's account may go below zero: a refund owed by a party already
--    paid out is taken from its later earnings (its balance negative blocks its payouts until
--    repaid), never fronted by the platform; the promotions account (the marketing budget
--    promotional credit is issued from) is a cost and goes below zero as credit is issued.
--    The kinds' CHECK is written again as the SQLite twin's rebuild writes it (unchanged).
ALTER TABLE "LedgerAccount" DROP CONSTRAINT "LedgerAccount_kind_check";
ALTER TABLE "LedgerAccount" DROP CONSTRAINT "LedgerAccount_check";
ALTER TABLE "LedgerAccount" ADD CONSTRAINT "LedgerAccount_kind_check" CHECK ("kind" IN ('wallet','restaurant','courier','platform','promotions','clearing','external'));
ALTER TABLE "LedgerAccount" ADD CONSTRAINT "LedgerAccount_check" CHECK ("kind" IN ('external','restaurant','courier','promotions') OR "balanceCents" >= 0);

-- 2. The arrival the restaurant's acceptance promised (the window's end), kept as it was then: a
--    "late" report is approved at once only when the delivery came after it.
ALTER TABLE "Order" ADD COLUMN "promisedArrivalBy" TIMESTAMP(3);
