-- A phone order paid by a card the customer gives over a link (docs/architecture/phone-orders.md
-- "Paid by a link"): the order's link to the public /pay/{token} page, until it expires.
CREATE TABLE "PaymentLink" (
    "id" SERIAL NOT NULL PRIMARY KEY,
    "orderId" INTEGER NOT NULL,
    "token" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "claimedAt" TIMESTAMP(3),
    "claims" INTEGER NOT NULL DEFAULT 0,
    "paidAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PaymentLink_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "PaymentLink_orderId_key" ON "PaymentLink"("orderId");
CREATE UNIQUE INDEX "PaymentLink_token_key" ON "PaymentLink"("token");
CREATE INDEX "PaymentLink_paidAt_expiresAt_idx" ON "PaymentLink"("paidAt", "expiresAt");
