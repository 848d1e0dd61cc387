-- Phone orders (docs/architecture/phone-orders.md): staff enter an order a customer gave by phone
-- on the board. It may be paid at the door ("door": cash or card to the restaurant's own staff at
-- pickup or at the door), so Order.paymentMethod's CHECK gains 'door'; the order says it was
-- taken by phone (`phoneOrder`) and keeps the number the customer gave (`customerPhone`).
ALTER TABLE "Order" DROP CONSTRAINT "Order_paymentMethod_check";
ALTER TABLE "Order" ADD CONSTRAINT "Order_paymentMethod_check" CHECK ("paymentMethod" IS NULL OR "paymentMethod" IN ('card','wallet','door'));
ALTER TABLE "Order" ADD COLUMN "phoneOrder" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Order" ADD COLUMN "customerPhone" TEXT;
