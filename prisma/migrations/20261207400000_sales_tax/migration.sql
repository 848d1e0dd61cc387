-- Issue 59 item 6 (docs/architecture/money-and-orders.md "Sales tax"): the operators' tax rates
-- per jurisdiction (a state and optionally a ZIP prefix, in thousandths of a percent, from an
-- effective day on: a new rate is a new row, the old one stays as history), the tax an order was
-- charged with the rate it was charged at, and the ledger's tax payable account ("tax").
CREATE TABLE "TaxRate" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "state" TEXT NOT NULL,
    "zipPrefix" TEXT NOT NULL DEFAULT '',
    "rateMilliPercent" INTEGER NOT NULL,
    "taxesFees" BOOLEAN NOT NULL DEFAULT false,
    "effectiveOn" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdById" INTEGER
);
CREATE INDEX "TaxRate_state_effectiveOn_idx" ON "TaxRate"("state", "effectiveOn");

ALTER TABLE "Order" ADD COLUMN "taxCents" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Order" ADD COLUMN "taxRateMilliPercent" INTEGER;
ALTER TABLE "Order" ADD COLUMN "taxesFees" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Order" ADD COLUMN "taxJurisdiction" TEXT;

-- The accounts' kinds gain 'tax' (tax payable: collected tax, owed to the state, never the
-- platform's revenue). SQLite cannot change a CHECK in place: the table is rebuilt with its rows
-- (no foreign key points at it), as 20261203100000_wallet_accounts did.
CREATE TABLE "new_LedgerAccount" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL CHECK ("kind" IN ('wallet','restaurant','courier','platform','promotions','clearing','external','tax')),
    "balanceCents" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CHECK ("kind" IN ('external','restaurant','courier','promotions') OR "balanceCents" >= 0)
);
INSERT INTO "new_LedgerAccount" ("id", "kind", "balanceCents", "updatedAt") SELECT "id", "kind", "balanceCents", "updatedAt" FROM "LedgerAccount";
DROP TABLE "LedgerAccount";
ALTER TABLE "new_LedgerAccount" RENAME TO "LedgerAccount";
