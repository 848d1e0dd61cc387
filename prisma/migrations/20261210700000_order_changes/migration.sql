-- Issue 63 item 5: a line the kitchen could not make after accepting, and the customer's answer.
CREATE TABLE "OrderChange" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "orderId" INTEGER NOT NULL,
    "orderItemId" INTEGER NOT NULL,
    "itemName" TEXT NOT NULL,
    "itemPriceCents" INTEGER NOT NULL,
    "quantity" INTEGER NOT NULL,
    "replacementItemId" INTEGER,
    "replacementName" TEXT,
    "replacementPriceCents" INTEGER,
    "state" TEXT NOT NULL DEFAULT 'asked',
    "deltaCents" INTEGER NOT NULL DEFAULT 0,
    "answerBy" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "answeredAt" DATETIME,
    CONSTRAINT "OrderChange_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "OrderChange_orderId_idx" ON "OrderChange"("orderId");
CREATE INDEX "OrderChange_state_answerBy_idx" ON "OrderChange"("state", "answerBy");
