-- Twin of the SQLite migration: an order's promotion and discount (issue 38).
ALTER TABLE "Order" ADD COLUMN "discountCents" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Order" ADD COLUMN "promotionId" INTEGER;
