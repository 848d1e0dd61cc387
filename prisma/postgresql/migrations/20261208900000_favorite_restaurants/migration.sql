-- Issue 62 item 5: a customer's favourite restaurants (one row a pair; setting it twice keeps one).
CREATE TABLE "FavoriteRestaurant" (
    "userId" INTEGER NOT NULL,
    "restaurantId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FavoriteRestaurant_pkey" PRIMARY KEY ("userId","restaurantId")
);
ALTER TABLE "FavoriteRestaurant" ADD CONSTRAINT "FavoriteRestaurant_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "FavoriteRestaurant" ADD CONSTRAINT "FavoriteRestaurant_restaurantId_fkey" FOREIGN KEY ("restaurantId") REFERENCES "Restaurant"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "FavoriteRestaurant_restaurantId_idx" ON "FavoriteRestaurant"("restaurantId");
CREATE INDEX "FavoriteRestaurant_userId_createdAt_idx" ON "FavoriteRestaurant"("userId", "createdAt");
