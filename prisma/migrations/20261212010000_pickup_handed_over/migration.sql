-- A courier's pickup before the kitchen marked the order ready, confirmed as handed over by the kitchen
-- (docs/architecture/stops-and-messages.md "Picked up before ready"): the board and the customer's timeline say so.
ALTER TABLE "DeliveryJob" ADD COLUMN "handedOverEarly" BOOLEAN NOT NULL DEFAULT false;
