-- Cash at the door (docs/architecture/ledger.md "Cash at the door"): as SQLite's migration of the same name.
ALTER TABLE "Market" ADD COLUMN "cashEnabled" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Market" ADD COLUMN "cashLimitCents" INTEGER NOT NULL DEFAULT 0 CHECK ("cashLimitCents" >= 0);
CREATE TABLE "CashOrder" (
    "orderId" INTEGER NOT NULL,
    "billCents" INTEGER NOT NULL CHECK ("billCents" > 0),
    "collectedAt" TIMESTAMP(3),
    "refusedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CashOrder_pkey" PRIMARY KEY ("orderId")
);
CREATE INDEX "CashOrder_refusedAt_idx" ON "CashOrder"("refusedAt");
CREATE TABLE "CardOnlyCustomer" (
    "userId" INTEGER NOT NULL,
    "setById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CardOnlyCustomer_pkey" PRIMARY KEY ("userId")
);
CREATE TABLE "CashDeposit" (
    "id" SERIAL NOT NULL,
    "courierId" INTEGER NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "amountCents" INTEGER NOT NULL CHECK ("amountCents" > 0),
    "method" TEXT NOT NULL CHECK ("method" IN ('bank', 'office', 'payout')),
    "reference" TEXT NOT NULL DEFAULT '',
    "recordedById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CashDeposit_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "CashDeposit_courierId_id_idx" ON "CashDeposit"("courierId", "id");

-- A courier's cash ('courier-cash'): below zero by design (owed to Nosh); never above it is a ledger check.
ALTER TABLE "LedgerAccount" DROP CONSTRAINT "LedgerAccount_kind_check";
ALTER TABLE "LedgerAccount" DROP CONSTRAINT "LedgerAccount_check";
ALTER TABLE "LedgerAccount" ADD CHECK ("kind" IN ('wallet','wallet-paid','restaurant','courier','platform','promotions','clearing','external','tax','card-refunds','gift-cards','courier-cash'));
ALTER TABLE "LedgerAccount" ADD CHECK ("kind" IN ('external','restaurant','courier','promotions','courier-cash') OR "balanceCents" >= 0);
