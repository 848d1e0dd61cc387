-- Cash at the door (docs/architecture/ledger.md "Cash at the door"): a market's setting and its couriers' cash limit, a
-- cash order's bill and when it was collected or refused (CashOrder), a customer limited to card payments, and
-- the deposits of the cash couriers hand over.
ALTER TABLE "Market" ADD COLUMN "cashEnabled" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Market" ADD COLUMN "cashLimitCents" INTEGER NOT NULL DEFAULT 0 CHECK ("cashLimitCents" >= 0);
CREATE TABLE "CashOrder" (
    "orderId" INTEGER NOT NULL PRIMARY KEY,
    "billCents" INTEGER NOT NULL CHECK ("billCents" > 0),
    "collectedAt" DATETIME,
    "refusedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX "CashOrder_refusedAt_idx" ON "CashOrder"("refusedAt");
CREATE TABLE "CardOnlyCustomer" (
    "userId" INTEGER NOT NULL PRIMARY KEY,
    "setById" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE TABLE "CashDeposit" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "courierId" INTEGER NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "amountCents" INTEGER NOT NULL CHECK ("amountCents" > 0),
    "method" TEXT NOT NULL CHECK ("method" IN ('bank', 'office', 'payout')),
    "reference" TEXT NOT NULL DEFAULT '',
    "recordedById" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX "CashDeposit_courierId_id_idx" ON "CashDeposit"("courierId", "id");

-- The ledger's kinds gain a courier's cash ('courier-cash:{userId}'): what the courier collected and
-- has not handed over, owed to Nosh, so below zero by design (never above it: a ledger check, as an upsert's CHECK would refuse its credits). SQLite cannot change
-- a CHECK in place: the accounts' table rebuilt as before (no other table refers to it).
CREATE TABLE "new_LedgerAccount" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL CHECK ("kind" IN ('wallet','wallet-paid','restaurant','courier','platform','promotions','clearing','external','tax','card-refunds','gift-cards','courier-cash')),
    "balanceCents" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    CHECK ("kind" IN ('external','restaurant','courier','promotions','courier-cash') OR "balanceCents" >= 0)
);
INSERT INTO "new_LedgerAccount" ("id", "kind", "balanceCents", "updatedAt", "currency") SELECT "id", "kind", "balanceCents", "updatedAt", "currency" FROM "LedgerAccount";
DROP TABLE "LedgerAccount";
ALTER TABLE "new_LedgerAccount" RENAME TO "LedgerAccount";
CREATE INDEX "LedgerAccount_currency_kind_idx" ON "LedgerAccount"("currency", "kind");
