-- The point-of-sale link (docs/architecture/kitchen.md "The point of sale"): a restaurant's
-- connection (sealed OAuth tokens), its dishes' POS items, and each accepted order pushed once.
CREATE TABLE "PosConnection" (
    "id" SERIAL PRIMARY KEY,
    "restaurantId" INTEGER NOT NULL,
    "provider" TEXT NOT NULL,
    "merchantId" TEXT NOT NULL,
    "locationId" TEXT NOT NULL,
    "accessToken" TEXT NOT NULL,
    "refreshToken" TEXT,
    "expiresAt" TIMESTAMP(3),
    "connectedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSyncAt" TIMESTAMP(3),
    "lastSyncError" TEXT,
    "pushedThrough" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "PosConnection_restaurantId_fkey" FOREIGN KEY ("restaurantId") REFERENCES "Restaurant" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "PosConnection_restaurantId_key" ON "PosConnection"("restaurantId");
CREATE INDEX "PosConnection_provider_merchantId_idx" ON "PosConnection"("provider", "merchantId");
CREATE TABLE "PosLink" (
    "id" SERIAL PRIMARY KEY,
    "restaurantId" INTEGER NOT NULL,
    "menuItemId" INTEGER NOT NULL,
    "itemId" TEXT NOT NULL,
    "variationId" TEXT NOT NULL,
    "modifiers" TEXT NOT NULL DEFAULT '{}',
    "soldOut" BOOLEAN NOT NULL DEFAULT false,
    CONSTRAINT "PosLink_restaurantId_fkey" FOREIGN KEY ("restaurantId") REFERENCES "Restaurant" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "PosLink_menuItemId_fkey" FOREIGN KEY ("menuItemId") REFERENCES "MenuItem" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "PosLink_menuItemId_key" ON "PosLink"("menuItemId");
CREATE INDEX "PosLink_restaurantId_variationId_idx" ON "PosLink"("restaurantId", "variationId");
CREATE TABLE "PosOrder" (
    "id" SERIAL PRIMARY KEY,
    "orderId" INTEGER NOT NULL,
    "restaurantId" INTEGER NOT NULL,
    "idempotencyKey" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'pending' CHECK ("state" IN ('pending', 'pushed', 'failed')),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "externalId" TEXT,
    "lastError" TEXT,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "pushedAt" TIMESTAMP(3),
    CONSTRAINT "PosOrder_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "PosOrder_orderId_key" ON "PosOrder"("orderId");
CREATE UNIQUE INDEX "PosOrder_idempotencyKey_key" ON "PosOrder"("idempotencyKey");
CREATE INDEX "PosOrder_state_nextAttemptAt_idx" ON "PosOrder"("state", "nextAttemptAt");
