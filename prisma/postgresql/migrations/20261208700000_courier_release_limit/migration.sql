-- Issue 62 item 7 (docs/architecture/dispatch-matching.md "Releases"): a courier who gives back
-- accepted jobs more than COURIER_RELEASES_PER_HOUR times in an hour gets no offers for a while.
ALTER TABLE "CourierState" ADD COLUMN "releaseCount" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "CourierState" ADD COLUMN "releaseWindowAt" TIMESTAMP(3);
ALTER TABLE "CourierState" ADD COLUMN "releasePausedUntil" TIMESTAMP(3);
