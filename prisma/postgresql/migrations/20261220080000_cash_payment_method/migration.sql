-- Cash at the door (docs/architecture/ledger.md "Cash at the door"): Order.paymentMethod's CHECK gains 'cash'.
ALTER TABLE "Order" DROP CONSTRAINT "Order_paymentMethod_check";
ALTER TABLE "Order" ADD CONSTRAINT "Order_paymentMethod_check" CHECK ("paymentMethod" IS NULL OR "paymentMethod" IN ('card','wallet','door','cash'));
