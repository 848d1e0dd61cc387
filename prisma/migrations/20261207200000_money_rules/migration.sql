-- Issue 59 (docs/architecture/ledger.md "Promotional money", "Holds and claw-backs";
-- docs/architecture/problem-reports.md "Late"):
-- 1. A restaurant's or a courier's account may go below zero: a refund owed by a party already
--    paid out is taken from its later earnings (its balance negative blocks its payouts until
--    repaid), never fronted by the platform; the promotions account (the marketing budget
--    promotional credit is issued from) is a cost and goes below zero as credit is issued.
--    SQLite cannot change a CHECK in place: the table is rebuilt with its rows (no foreign key
--    points at it).
CREATE TABLE "new_LedgerAccount" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL CHECK ("kind" IN ('wallet','restaurant','courier','platform','promotions','clearing','external')),
    "balanceCents" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CHECK ("kind" IN ('external','restaurant','courier','promotions') OR "balanceCents" >= 0)
);
INSERT INTO "new_LedgerAccount" ("id", "kind", "balanceCents", "updatedAt") SELECT "id", "kind", "balanceCents", "updatedAt" FROM "LedgerAccount";
DROP TABLE "LedgerAccount";
ALTER TABLE "new_LedgerAccount" RENAME TO "LedgerAccount";

-- 2. The arrival the restaurant's acceptance promised (the window's end), kept as it was then: a
--    "late" report is approved at once only when the delivery came after it.
ALTER TABLE "Order" ADD COLUMN "promisedArrivalBy" DATETIME;
