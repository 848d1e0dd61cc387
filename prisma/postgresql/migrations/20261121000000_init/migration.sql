-- Nosh initial schema (PostgreSQL), the twin of prisma/migrations/20261121000000_init (SQLite):
-- same tables, columns, CHECK constraints and indexes; schema.test.ts proves both match the schema.
-- Written to match prisma/schema.prisma; CHECK constraints add
-- what the Prisma schema cannot say: allowed values and money that never goes negative.

CREATE TABLE "User" (
    "id" SERIAL PRIMARY KEY,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT,
    "email" TEXT,
    "phoneNumber" TEXT,
    "address" TEXT,
    "city" TEXT,
    "state" TEXT,
    "zip" TEXT,
    "walletCents" INTEGER NOT NULL DEFAULT 0 CHECK ("walletCents" >= 0),
    "profileImage" TEXT,
    "restaurantOwner" BOOLEAN NOT NULL DEFAULT false,
    "guestAccount" BOOLEAN NOT NULL DEFAULT false,
    "demoAccount" BOOLEAN NOT NULL DEFAULT false,
    "deliveryInstructions" TEXT,
    "passwordHash" TEXT,
    "sessionVersion" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL
);
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");
CREATE UNIQUE INDEX "User_phoneNumber_key" ON "User"("phoneNumber");

CREATE TABLE "Restaurant" (
    "id" SERIAL PRIMARY KEY,
    "ownerId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "zip" TEXT NOT NULL,
    "cuisineType" TEXT NOT NULL CHECK ("cuisineType" IN ('American','Chinese','Italian','Japanese','Mexican','Indian','Thai','Mediterranean','Korean','Vietnamese','Greek','Spanish','Seafood','Pizza','Vegetarian','Vegan','Breakfast','Fast Food','Caribbean','Soul Food')),
    "priceLevel" TEXT NOT NULL CHECK ("priceLevel" IN ('INEXPENSIVE','MODERATE','EXPENSIVE','VERY_EXPENSIVE')),
    "deliveryFeeCents" INTEGER NOT NULL CHECK ("deliveryFeeCents" >= 0),
    "deliveryTime" INTEGER NOT NULL,
    "businessHours" TEXT NOT NULL,
    "closingTime" TEXT NOT NULL DEFAULT '22:00',
    "servicing" BOOLEAN NOT NULL DEFAULT true,
    "storeImage" TEXT NOT NULL,
    "ratingSum" INTEGER NOT NULL DEFAULT 0,
    "numReviews" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "Restaurant_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "Restaurant_ownerId_idx" ON "Restaurant"("ownerId");
CREATE INDEX "Restaurant_servicing_cuisineType_idx" ON "Restaurant"("servicing", "cuisineType");
CREATE INDEX "Restaurant_servicing_name_idx" ON "Restaurant"("servicing", "name");

CREATE TABLE "MenuItem" (
    "id" SERIAL PRIMARY KEY,
    "restaurantId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "priceCents" INTEGER NOT NULL CHECK ("priceCents" > 0),
    "foodImage" TEXT NOT NULL,
    "foodType" TEXT NOT NULL CHECK ("foodType" IN ('appetizer','entree','dessert','beverage')),
    "likeCount" INTEGER NOT NULL DEFAULT 0 CHECK ("likeCount" >= 0),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "MenuItem_restaurantId_fkey" FOREIGN KEY ("restaurantId") REFERENCES "Restaurant" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "MenuItem_restaurantId_foodType_idx" ON "MenuItem"("restaurantId", "foodType");
CREATE INDEX "MenuItem_name_idx" ON "MenuItem"("name");

CREATE TABLE "Like" (
    "userId" INTEGER NOT NULL,
    "menuItemId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    PRIMARY KEY ("userId", "menuItemId"),
    CONSTRAINT "Like_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Like_menuItemId_fkey" FOREIGN KEY ("menuItemId") REFERENCES "MenuItem" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "Like_menuItemId_idx" ON "Like"("menuItemId");
CREATE INDEX "Like_userId_createdAt_idx" ON "Like"("userId", "createdAt");

CREATE TABLE "Order" (
    "id" SERIAL PRIMARY KEY,
    "userId" INTEGER NOT NULL,
    "restaurantId" INTEGER,
    "restaurantName" TEXT NOT NULL,
    "restaurantImage" TEXT,
    "status" TEXT NOT NULL DEFAULT 'Active' CHECK ("status" IN ('Active','Submitted','Completed','Canceled')),
    "subtotalCents" INTEGER NOT NULL DEFAULT 0 CHECK ("subtotalCents" >= 0),
    "deliveryFeeCents" INTEGER NOT NULL DEFAULT 0 CHECK ("deliveryFeeCents" >= 0),
    "priorityFeeCents" INTEGER NOT NULL DEFAULT 0 CHECK ("priorityFeeCents" >= 0),
    "serviceFeeCents" INTEGER NOT NULL DEFAULT 0 CHECK ("serviceFeeCents" >= 0),
    "tipCents" INTEGER NOT NULL DEFAULT 0 CHECK ("tipCents" >= 0),
    "totalCents" INTEGER NOT NULL DEFAULT 0 CHECK ("totalCents" >= 0),
    "deliveryOption" TEXT CHECK ("deliveryOption" IS NULL OR "deliveryOption" IN ('standard','priority','schedule')),
    "scheduledFor" TIMESTAMP(3),
    "paymentMethod" TEXT CHECK ("paymentMethod" IS NULL OR "paymentMethod" IN ('card','wallet')),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "submittedAt" TIMESTAMP(3),
    "closedAt" TIMESTAMP(3),
    CONSTRAINT "Order_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Order_restaurantId_fkey" FOREIGN KEY ("restaurantId") REFERENCES "Restaurant" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE INDEX "Order_userId_createdAt_idx" ON "Order"("userId", "createdAt");
CREATE INDEX "Order_restaurantId_status_createdAt_idx" ON "Order"("restaurantId", "status", "createdAt");

CREATE TABLE "OrderItem" (
    "id" SERIAL PRIMARY KEY,
    "orderId" INTEGER NOT NULL,
    "menuItemId" INTEGER,
    "name" TEXT NOT NULL,
    "priceCents" INTEGER NOT NULL CHECK ("priceCents" >= 0),
    "restaurantId" INTEGER NOT NULL,
    "quantity" INTEGER NOT NULL CHECK ("quantity" BETWEEN 1 AND 99),
    "customizations" TEXT,
    CONSTRAINT "OrderItem_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "OrderItem_menuItemId_fkey" FOREIGN KEY ("menuItemId") REFERENCES "MenuItem" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE INDEX "OrderItem_orderId_idx" ON "OrderItem"("orderId");
CREATE INDEX "OrderItem_menuItemId_idx" ON "OrderItem"("menuItemId");

CREATE TABLE "Review" (
    "id" SERIAL PRIMARY KEY,
    "userId" INTEGER NOT NULL,
    "orderId" INTEGER NOT NULL,
    "restaurantId" INTEGER NOT NULL,
    "review" TEXT NOT NULL,
    "orderRating" INTEGER NOT NULL CHECK ("orderRating" BETWEEN 1 AND 5),
    "restaurantRating" INTEGER NOT NULL CHECK ("restaurantRating" BETWEEN 1 AND 5),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "Review_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Review_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Review_restaurantId_fkey" FOREIGN KEY ("restaurantId") REFERENCES "Restaurant" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "Review_orderId_key" ON "Review"("orderId");
CREATE INDEX "Review_restaurantId_createdAt_idx" ON "Review"("restaurantId", "createdAt");
CREATE INDEX "Review_userId_createdAt_idx" ON "Review"("userId", "createdAt");

CREATE TABLE "WalletTransaction" (
    "id" SERIAL PRIMARY KEY,
    "userId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL CHECK ("kind" IN ('signup','topup','payment','refund','deduct')),
    "amountCents" INTEGER NOT NULL,
    "balanceAfterCents" INTEGER NOT NULL CHECK ("balanceAfterCents" >= 0),
    "orderId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "WalletTransaction_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "WalletTransaction_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE INDEX "WalletTransaction_userId_createdAt_idx" ON "WalletTransaction"("userId", "createdAt");
CREATE INDEX "WalletTransaction_orderId_idx" ON "WalletTransaction"("orderId");

CREATE TABLE "IdempotencyKey" (
    "userId" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "requestHash" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "responseBody" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    PRIMARY KEY ("userId", "scope", "key"),
    CONSTRAINT "IdempotencyKey_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "IdempotencyKey_createdAt_idx" ON "IdempotencyKey"("createdAt");

CREATE TABLE "LoginThrottle" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "windowStart" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" TIMESTAMP(3)
);
