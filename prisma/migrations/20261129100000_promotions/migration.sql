-- Promotions (issue 38, docs/architecture/promotions.md): a restaurant's codes and automatic
-- offers, and each order's redemption. Order.promotionId and discountCents came first
-- (20261129080000_order_discount).
CREATE TABLE "Promotion" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "restaurantId" INTEGER NOT NULL,
    "code" TEXT,
    "codeKey" TEXT,
    "kind" TEXT NOT NULL CHECK ("kind" IN ('percent','amount','free_delivery')),
    "value" INTEGER NOT NULL CHECK ("value" >= 0),
    "maxDiscountCents" INTEGER CHECK ("maxDiscountCents" > 0),
    "minSubtotalCents" INTEGER NOT NULL DEFAULT 0 CHECK ("minSubtotalCents" >= 0),
    "startsAt" DATETIME,
    "endsAt" DATETIME,
    "firstOrderOnly" BOOLEAN NOT NULL DEFAULT false,
    "perCustomerLimit" INTEGER NOT NULL DEFAULT 1 CHECK ("perCustomerLimit" >= 1),
    "totalLimit" INTEGER CHECK ("totalLimit" >= 1),
    "redeemedCount" INTEGER NOT NULL DEFAULT 0 CHECK ("redeemedCount" >= 0),
    "fundedBy" TEXT NOT NULL DEFAULT 'restaurant' CHECK ("fundedBy" IN ('restaurant','platform')),
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "deletedAt" DATETIME,
    CONSTRAINT "Promotion_restaurantId_fkey" FOREIGN KEY ("restaurantId") REFERENCES "Restaurant" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "Promotion_restaurantId_codeKey_key" ON "Promotion"("restaurantId", "codeKey");
CREATE INDEX "Promotion_codeKey_idx" ON "Promotion"("codeKey");
CREATE INDEX "Promotion_restaurantId_deletedAt_idx" ON "Promotion"("restaurantId", "deletedAt");

CREATE TABLE "PromotionRedemption" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "promotionId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "orderId" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PromotionRedemption_promotionId_fkey" FOREIGN KEY ("promotionId") REFERENCES "Promotion" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "PromotionRedemption_orderId_key" ON "PromotionRedemption"("orderId");
CREATE INDEX "PromotionRedemption_promotionId_userId_idx" ON "PromotionRedemption"("promotionId", "userId");
