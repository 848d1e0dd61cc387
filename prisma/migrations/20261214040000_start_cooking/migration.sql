-- Start cooking when the courier is N minutes away (docs/architecture/kitchen.md "Start cooking
-- when the courier is near"): the board's cue on an accepted delivery order; null (the default): off.
ALTER TABLE "Restaurant" ADD COLUMN "startCookingMinutes" INTEGER CHECK ("startCookingMinutes" IS NULL OR ("startCookingMinutes" >= 1 AND "startCookingMinutes" <= 60));
