-- Issue 61 item 3 (docs/architecture/dispatch-matching.md): dispatch as a matching. A courier's
-- run of offers let run out (at 3, no more offers until they tap "I'm here"), and two jobs
-- offered as one trip (both carry the first one's id).
ALTER TABLE "CourierState" ADD COLUMN "expiredStreak" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "DeliveryJob" ADD COLUMN "batchId" INTEGER;
