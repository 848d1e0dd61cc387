-- An order's promotion and discount (issue 38, docs/architecture/money-and-orders.md): the two
-- columns the ledger's split and the promotions share. Existing orders had no discount.
ALTER TABLE "Order" ADD COLUMN "discountCents" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Order" ADD COLUMN "promotionId" INTEGER;
