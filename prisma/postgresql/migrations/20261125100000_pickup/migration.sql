-- Pickup: an order the customer collects at the restaurant (deliveryOption "pickup" in the
-- JSON). Twin of the SQLite migration, which cannot widen the CHECK of "deliveryOption" in
-- place: "deliveryOption" keeps the timing (standard, or schedule with "scheduledFor").
ALTER TABLE "Order" ADD COLUMN "pickup" BOOLEAN NOT NULL DEFAULT false;
