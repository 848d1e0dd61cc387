-- Pay for waiting at the restaurant (docs/architecture/couriers.md "Pay for waiting"): what the
-- courier was paid for the minutes past the kitchen's promised ready time, posted at pickup.
ALTER TABLE "DeliveryJob" ADD COLUMN "waitPayCents" INTEGER NOT NULL DEFAULT 0;
-- Honest batching (docs/architecture/dispatch-matching.md): how much longer a batched job's food
-- rides for the trip's other job, the matching's estimate, told to its customer.
ALTER TABLE "DeliveryJob" ADD COLUMN "batchExtraMinutes" INTEGER;
-- An order's delivery reads whether its trip's other job is still held (the order page, the board).
CREATE INDEX "DeliveryJob_batchId_idx" ON "DeliveryJob"("batchId");

-- Entries gain the kind 'wait' (the restaurant's balance paying the courier's wait). SQLite cannot
-- change a CHECK in place: both ledger tables rebuilt as the disputes migration did (the lines set
-- aside without their foreign key, put back with their ids).
CREATE TABLE "new_LedgerEntry" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "kind" TEXT NOT NULL CHECK ("kind" IN ('payment','refund','settlement','payout','topup','deduct','signup','earning','opening','closing','dispute','wait')),
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
