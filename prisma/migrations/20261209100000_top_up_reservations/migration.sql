-- Issue 59 item 3: a wallet top-up holds its amount against the day's limit while the card is charged.
CREATE TABLE "TopUpReservation" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "holder" TEXT NOT NULL,
    "userId" INTEGER NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX "TopUpReservation_userId_createdAt_idx" ON "TopUpReservation"("userId", "createdAt");
