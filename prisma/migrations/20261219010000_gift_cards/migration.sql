-- Gift cards (docs/architecture/ledger.md "Gift cards"): bought by card, mailed with a code kept
-- only as its hash, redeemed once into a wallet; the liability is the ledger's gift-cards account.
CREATE TABLE "GiftCard" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "buyerId" INTEGER NOT NULL,
    "paymentId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "recipientEmail" TEXT NOT NULL,
    "message" TEXT NOT NULL DEFAULT '',
    "amountCents" INTEGER NOT NULL CHECK ("amountCents" > 0),
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "codeHash" TEXT NOT NULL,
    "sealedCode" TEXT NOT NULL,
    "sendAt" DATETIME NOT NULL,
    "paidAt" DATETIME,
    "sentAt" DATETIME,
    "redeemedAt" DATETIME,
    "redeemedById" INTEGER,
    "voidedAt" DATETIME,
    "voidReason" TEXT,
    "voidedById" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE UNIQUE INDEX "GiftCard_codeHash_key" ON "GiftCard"("codeHash");
CREATE INDEX "GiftCard_buyerId_id_idx" ON "GiftCard"("buyerId", "id");
CREATE UNIQUE INDEX "GiftCard_paymentId_position_key" ON "GiftCard"("paymentId", "position");
CREATE INDEX "GiftCard_sentAt_sendAt_idx" ON "GiftCard"("sentAt", "sendAt");

-- The ledger's kinds gain the gift-card liability ('gift-cards', never below zero), its entries
-- ('giftcard': a sale, a redemption, a void) and the wallet statement's 'giftcard' (a card
-- redeemed). SQLite cannot change a CHECK in place: the three tables rebuilt as before (the ledger
-- lines set aside without their foreign key, put back with their ids).
CREATE TABLE "new_LedgerAccount" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL CHECK ("kind" IN ('wallet','wallet-paid','restaurant','courier','platform','promotions','clearing','external','tax','card-refunds','gift-cards')),
    "balanceCents" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    CHECK ("kind" IN ('external','restaurant','courier','promotions') OR "balanceCents" >= 0)
);
INSERT INTO "new_LedgerAccount" ("id", "kind", "balanceCents", "updatedAt", "currency") SELECT "id", "kind", "balanceCents", "updatedAt", "currency" FROM "LedgerAccount";
DROP TABLE "LedgerAccount";
ALTER TABLE "new_LedgerAccount" RENAME TO "LedgerAccount";
CREATE INDEX "LedgerAccount_currency_kind_idx" ON "LedgerAccount"("currency", "kind");

CREATE TABLE "new_LedgerEntry" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "kind" TEXT NOT NULL CHECK ("kind" IN ('payment','refund','settlement','payout','topup','deduct','signup','earning','opening','closing','dispute','wait','giftcard')),
    "key" TEXT,
    "orderId" INTEGER,
    "payoutId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "currency" TEXT NOT NULL DEFAULT 'USD'
);
INSERT INTO "new_LedgerEntry" ("id", "kind", "key", "orderId", "payoutId", "createdAt", "currency") SELECT "id", "kind", "key", "orderId", "payoutId", "createdAt", "currency" FROM "LedgerEntry";
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

CREATE TABLE "new_WalletTransaction" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL CHECK ("kind" IN ('signup','topup','payment','refund','deduct','earning','giftcard')),
    "amountCents" INTEGER NOT NULL,
    "balanceAfterCents" INTEGER NOT NULL CHECK ("balanceAfterCents" >= 0),
    "orderId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "entryId" INTEGER,
    "currency" TEXT NOT NULL DEFAULT 'USD' CHECK (length("currency") = 3),
    CONSTRAINT "WalletTransaction_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "WalletTransaction_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_WalletTransaction" ("id", "userId", "kind", "amountCents", "balanceAfterCents", "orderId", "createdAt", "entryId", "currency")
    SELECT "id", "userId", "kind", "amountCents", "balanceAfterCents", "orderId", "createdAt", "entryId", "currency" FROM "WalletTransaction";
DROP TABLE "WalletTransaction";
ALTER TABLE "new_WalletTransaction" RENAME TO "WalletTransaction";
CREATE INDEX "WalletTransaction_userId_createdAt_idx" ON "WalletTransaction"("userId", "createdAt");
CREATE INDEX "WalletTransaction_orderId_idx" ON "WalletTransaction"("orderId");
CREATE INDEX "WalletTransaction_userId_currency_id_idx" ON "WalletTransaction"("userId", "currency", "id");
