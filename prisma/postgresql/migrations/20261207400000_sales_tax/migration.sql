-- Issue 59 item 6 (docs/architecture/money-and-orders.md "Sales tax"): the operators' tax rates
-- per jurisdiction (a state and optionally a ZIP prefix, in thousandths of a percent, from an
-- effective day on: a new rate is a new row, the old one stays as history), the tax an order was
-- charged with the rate it was charged at, and the ledger's tax payable account ("tax").
CREATE TABLE "TaxRate" (
    "id" SERIAL NOT NULL,
    "state" TEXT NOT NULL,
    "zipPrefix" TEXT NOT NULL DEFAULT '',
    "rateMilliPercent" INTEGER NOT NULL,
    "taxesFees" BOOLEAN NOT NULL DEFAULT false,
    "effectiveOn" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdById" INTEGER,

    CONSTRAINT "TaxRate_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "TaxRate_state_effectiveOn_idx" ON "TaxRate"("state", "effectiveOn");

ALTER TABLE "Order" ADD COLUMN "taxCents" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Order" ADD COLUMN "taxRateMilliPercent" INTEGER;
ALTER TABLE "Order" ADD COLUMN "taxesFees" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Order" ADD COLUMN "taxJurisdiction" TEXT;

-- The accounts' kinds gain 'tax' (tax payable: collected tax, owed to the state, never the
-- platform's revenue).
ALTER TABLE "LedgerAccount" DROP CONSTRAINT "LedgerAccount_kind_check";
ALTER TABLE "LedgerAccount" DROP CONSTRAINT "LedgerAccount_check";
ALTER TABLE "LedgerAccount" ADD CHECK ("kind" IN ('wallet','restaurant','courier','platform','promotions','clearing','external','tax'));
ALTER TABLE "LedgerAccount" ADD CHECK ("kind" IN ('external','restaurant','courier','promotions') OR "balanceCents" >= 0);
