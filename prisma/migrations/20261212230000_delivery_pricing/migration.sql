-- Delivery pricing a market sets (docs/architecture/money-and-orders.md "Delivery pricing"): the
-- operator's rule (one row; the spec's flat 6.49 until it exists), a restaurant's minimum order and
-- free delivery over an amount, and what an order was charged under them.
CREATE TABLE "MarketPricing" (
    "id" INTEGER NOT NULL PRIMARY KEY,
    "rule" TEXT NOT NULL,
    "updatedById" INTEGER,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
ALTER TABLE "Restaurant" ADD COLUMN "minOrderCents" INTEGER;
ALTER TABLE "Restaurant" ADD COLUMN "freeDeliveryOverCents" INTEGER;
ALTER TABLE "Order" ADD COLUMN "smallOrderFeeCents" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Order" ADD COLUMN "deliveryWaivedCents" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Order" ADD COLUMN "deliveryKm" REAL;
