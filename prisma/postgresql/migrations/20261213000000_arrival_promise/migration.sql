-- A calibrated arrival before ordering (docs/architecture/order-stages.md "Arrival window"): the
-- range in minutes after placing that checkout showed, kept on the order as it was promised, and
-- the minutes a delivered order actually took (placed to delivered), written when it is delivered.
ALTER TABLE "Order" ADD COLUMN "promisedMinMinutes" INTEGER;
ALTER TABLE "Order" ADD COLUMN "promisedMaxMinutes" INTEGER;
ALTER TABLE "Order" ADD COLUMN "actualMinutes" INTEGER;
