-- Issue 62 item 6: the customer's thumbs up or down on the courier who delivered the order (one per order).
CREATE TABLE "CourierRating" (
    "id" SERIAL NOT NULL,
    "orderId" INTEGER NOT NULL,
    "courierId" INTEGER NOT NULL,
    "customerId" INTEGER,
    "up" BOOLEAN NOT NULL,
    "reason" TEXT,
    "note" TEXT,
    "deliveredAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CourierRating_pkey" PRIMARY KEY ("id")
);
ALTER TABLE "CourierRating" ADD CONSTRAINT "CourierRating_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE UNIQUE INDEX "CourierRating_orderId_key" ON "CourierRating"("orderId");
CREATE INDEX "CourierRating_courierId_deliveredAt_idx" ON "CourierRating"("courierId", "deliveredAt");
CREATE INDEX "CourierRating_up_updatedAt_idx" ON "CourierRating"("up", "updatedAt");
CREATE INDEX "CourierRating_customerId_idx" ON "CourierRating"("customerId");
