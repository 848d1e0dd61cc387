-- Kitchen tablets (docs/architecture/kitchen.md "A board that lives on a tablet"): a device paired
-- to one restaurant's board by a short code, with its own token (its SHA-256 kept), and the code.
CREATE TABLE "KitchenDevice" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "restaurantId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "pairedById" INTEGER NOT NULL,
    "lastSeenAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "KitchenDevice_restaurantId_fkey" FOREIGN KEY ("restaurantId") REFERENCES "Restaurant" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "KitchenDevice_pairedById_fkey" FOREIGN KEY ("pairedById") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "KitchenDevice_tokenHash_key" ON "KitchenDevice"("tokenHash");
CREATE INDEX "KitchenDevice_restaurantId_idx" ON "KitchenDevice"("restaurantId");
CREATE INDEX "KitchenDevice_pairedById_idx" ON "KitchenDevice"("pairedById");
CREATE TABLE "KitchenPairing" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "restaurantId" INTEGER NOT NULL,
    "codeHash" TEXT NOT NULL,
    "createdById" INTEGER NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "KitchenPairing_restaurantId_fkey" FOREIGN KEY ("restaurantId") REFERENCES "Restaurant" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "KitchenPairing_restaurantId_key" ON "KitchenPairing"("restaurantId");
CREATE UNIQUE INDEX "KitchenPairing_codeHash_key" ON "KitchenPairing"("codeHash");
