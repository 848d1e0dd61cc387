-- Issue 52 (docs/architecture/kitchen.md): an owner pauses new orders until an instant, adds
-- minutes to every prep time while busy, lets new orders be accepted at once, and marks a dish
-- sold out until the restaurant's next opening.
ALTER TABLE "Restaurant" ADD COLUMN "pausedUntil" TIMESTAMP(3);
ALTER TABLE "Restaurant" ADD COLUMN "busyExtraMinutes" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Restaurant" ADD COLUMN "busyUntil" TIMESTAMP(3);
ALTER TABLE "Restaurant" ADD COLUMN "autoAccept" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Restaurant" ADD COLUMN "defaultPrepMinutes" INTEGER NOT NULL DEFAULT 20;
ALTER TABLE "MenuItem" ADD COLUMN "soldOutUntil" TIMESTAMP(3);
