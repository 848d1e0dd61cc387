-- Issue 59 item 3: a wallet top-up is a card payment through the provider. "purpose" tells a
-- top-up's payment ('topup': captured into the wallet's paid money) from an order's ('order').
ALTER TABLE "Payment" ADD COLUMN "purpose" TEXT NOT NULL DEFAULT 'order';
CREATE INDEX "Payment_userId_purpose_createdAt_idx" ON "Payment"("userId", "purpose", "createdAt");

-- The accounts' kinds gain 'wallet-paid' (a wallet's paid money: card top-ups, apart from its
-- promotional credit in 'wallet') and 'card-refunds' (refunds owed to cards until the provider
-- confirms them; external only then). Neither may go below zero. SQLite cannot change a CHECK in
-- place: the table is rebuilt with its rows (no foreign key points at it), as 20261207400000_sales_tax did.
CREATE TABLE "new_LedgerAccount" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL CHECK ("kind" IN ('wallet','wallet-paid','restaurant','courier','platform','promotions','clearing','external','tax','card-refunds')),
    "balanceCents" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CHECK ("kind" IN ('external','restaurant','courier','promotions') OR "balanceCents" >= 0)
);
INSERT INTO "new_LedgerAccount" ("id", "kind", "balanceCents", "updatedAt") SELECT "id", "kind", "balanceCents", "updatedAt" FROM "LedgerAccount";
DROP TABLE "LedgerAccount";
ALTER TABLE "new_LedgerAccount" RENAME TO "LedgerAccount";
