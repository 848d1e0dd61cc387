-- Pickup: an order the customer collects at the restaurant (deliveryOption "pickup" in the
-- JSON). Its own column because SQLite cannot widen the CHECK of "deliveryOption" in place (a
-- table rebuild would cascade-delete the order's lines and events): "deliveryOption" keeps the
-- timing (standard for as soon as possible, schedule with "scheduledFor" for a slot).
ALTER TABLE "Order" ADD COLUMN "pickup" BOOLEAN NOT NULL DEFAULT false;
