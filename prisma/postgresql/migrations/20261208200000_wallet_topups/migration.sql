-- Issue 59 item 3: a wallet top-up is a card payment through the provider. "purpose" tells a
-- top-up's payment ('topup': captured into the wallet's paid money) from an order's ('order').
ALTER TABLE "Payment" ADD COLUMN "purpose" TEXT NOT NULL DEFAULT 'order';
CREATE INDEX "Payment_userId_purpose_createdAt_idx" ON "Payment"("userId", "purpose", "createdAt");

-- The accounts' kinds gain 'wallet-paid' (a wallet's paid money: card top-ups, apart from its
-- promotional credit in 'wallet') and 'card-refunds' (refunds owed to cards until the provider
-- confirms them; external only then). Neither may go below zero.
ALTER TABLE "LedgerAccount" DROP CONSTRAINT "LedgerAccount_kind_check";
ALTER TABLE "LedgerAccount" DROP CONSTRAINT "LedgerAccount_check";
ALTER TABLE "LedgerAccount" ADD CHECK ("kind" IN ('wallet','wallet-paid','restaurant','courier','platform','promotions','clearing','external','tax','card-refunds'));
ALTER TABLE "LedgerAccount" ADD CHECK ("kind" IN ('external','restaurant','courier','promotions') OR "balanceCents" >= 0);
