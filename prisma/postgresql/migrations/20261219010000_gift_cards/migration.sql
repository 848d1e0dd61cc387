-- Gift cards (docs/architecture/ledger.md "Gift cards"): bought by card, mailed with a code kept
-- only as its hash, redeemed once into a wallet; the liability is the ledger's gift-cards account.
CREATE TABLE "GiftCard" (
    "id" SERIAL NOT NULL,
    "buyerId" INTEGER NOT NULL,
    "paymentId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "recipientEmail" TEXT NOT NULL,
    "message" TEXT NOT NULL DEFAULT '',
    "amountCents" INTEGER NOT NULL CHECK ("amountCents" > 0),
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "codeHash" TEXT NOT NULL,
    "sealedCode" TEXT NOT NULL,
    "sendAt" TIMESTAMP(3) NOT NULL,
    "paidAt" TIMESTAMP(3),
    "sentAt" TIMESTAMP(3),
    "redeemedAt" TIMESTAMP(3),
    "redeemedById" INTEGER,
    "voidedAt" TIMESTAMP(3),
    "voidReason" TEXT,
    "voidedById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GiftCard_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "GiftCard_codeHash_key" ON "GiftCard"("codeHash");
CREATE INDEX "GiftCard_buyerId_id_idx" ON "GiftCard"("buyerId", "id");
CREATE UNIQUE INDEX "GiftCard_paymentId_position_key" ON "GiftCard"("paymentId", "position");
CREATE INDEX "GiftCard_sentAt_sendAt_idx" ON "GiftCard"("sentAt", "sendAt");

-- The ledger's kinds gain the gift-card liability ('gift-cards', never below zero), its entries
-- ('giftcard': a sale, a redemption, a void) and the wallet statement's 'giftcard' (a card redeemed).
-- The other CHECKs of the three tables are unchanged (SQLite's rebuild restates them).
ALTER TABLE "LedgerAccount" DROP CONSTRAINT "LedgerAccount_kind_check";
ALTER TABLE "LedgerAccount" DROP CONSTRAINT "LedgerAccount_check";
ALTER TABLE "LedgerAccount" ADD CHECK ("kind" IN ('wallet','wallet-paid','restaurant','courier','platform','promotions','clearing','external','tax','card-refunds','gift-cards'));
ALTER TABLE "LedgerAccount" ADD CHECK ("kind" IN ('external','restaurant','courier','promotions') OR "balanceCents" >= 0);
ALTER TABLE "LedgerEntry" DROP CONSTRAINT "LedgerEntry_kind_check";
ALTER TABLE "LedgerEntry" ADD CHECK ("kind" IN ('payment','refund','settlement','payout','topup','deduct','signup','earning','opening','closing','dispute','wait','giftcard'));
ALTER TABLE "LedgerLine" DROP CONSTRAINT "LedgerLine_amountCents_check";
ALTER TABLE "LedgerLine" ADD CHECK ("amountCents" <> 0);
ALTER TABLE "WalletTransaction" DROP CONSTRAINT "WalletTransaction_kind_check";
ALTER TABLE "WalletTransaction" DROP CONSTRAINT "WalletTransaction_balanceAfterCents_check";
ALTER TABLE "WalletTransaction" DROP CONSTRAINT "WalletTransaction_currency_check";
ALTER TABLE "WalletTransaction" ADD CONSTRAINT "WalletTransaction_kind_check" CHECK ("kind" IN ('signup','topup','payment','refund','deduct','earning','giftcard'));
ALTER TABLE "WalletTransaction" ADD CONSTRAINT "WalletTransaction_balanceAfterCents_check" CHECK ("balanceAfterCents" >= 0);
ALTER TABLE "WalletTransaction" ADD CONSTRAINT "WalletTransaction_currency_check" CHECK (length("currency") = 3);
