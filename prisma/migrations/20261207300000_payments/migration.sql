-- Issue 59 items 1-2 (docs/architecture/payments.md): card payments through a payment provider.
-- A customer's saved cards (the provider's token, brand and last four: never the number).
CREATE TABLE "PaymentMethod" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "provider" TEXT NOT NULL,
    "providerId" TEXT NOT NULL,
    "brand" TEXT NOT NULL,
    "last4" TEXT NOT NULL,
    "expMonth" INTEGER NOT NULL,
    "expYear" INTEGER NOT NULL,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE UNIQUE INDEX "PaymentMethod_provider_providerId_key" ON "PaymentMethod"("provider", "providerId");
CREATE INDEX "PaymentMethod_userId_idx" ON "PaymentMethod"("userId");

-- One authorization (a payment intent) per card order attempt.
CREATE TABLE "Payment" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "orderId" INTEGER,
    "provider" TEXT NOT NULL,
    "intentId" TEXT NOT NULL,
    "paymentMethodId" INTEGER,
    "brand" TEXT NOT NULL,
    "last4" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL CHECK ("amountCents" >= 0),
    "state" TEXT NOT NULL CHECK ("state" IN ('requires_action','authorized','captured','capture_failed','voided','failed')),
    "capturedCents" INTEGER NOT NULL DEFAULT 0 CHECK ("capturedCents" >= 0),
    "refundedCents" INTEGER NOT NULL DEFAULT 0 CHECK ("refundedCents" >= 0),
    "failureCode" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE UNIQUE INDEX "Payment_provider_intentId_key" ON "Payment"("provider", "intentId");
CREATE INDEX "Payment_orderId_idx" ON "Payment"("orderId");
CREATE INDEX "Payment_userId_createdAt_idx" ON "Payment"("userId", "createdAt");
CREATE INDEX "Payment_state_updatedAt_idx" ON "Payment"("state", "updatedAt");

-- Webhook events handled, by id: a replay changes nothing.
CREATE TABLE "WebhookEvent" (
    "provider" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "receivedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    PRIMARY KEY ("provider", "eventId")
);

-- The built-in test provider's own records (what a real processor keeps on its side).
CREATE TABLE "TestProviderCard" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "behavior" TEXT NOT NULL,
    "brand" TEXT NOT NULL,
    "last4" TEXT NOT NULL,
    "expMonth" INTEGER NOT NULL,
    "expYear" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE TABLE "TestProviderIntent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "cardId" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "capturedCents" INTEGER NOT NULL DEFAULT 0,
    "refundedCents" INTEGER NOT NULL DEFAULT 0,
    "failureCode" TEXT,
    "returnUrl" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE TABLE "TestProviderEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "type" TEXT NOT NULL,
    "intentId" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "deliverAfter" DATETIME NOT NULL,
    "deliveredAt" DATETIME,
    "attempts" INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX "TestProviderEvent_deliveredAt_deliverAfter_idx" ON "TestProviderEvent"("deliveredAt", "deliverAfter");
