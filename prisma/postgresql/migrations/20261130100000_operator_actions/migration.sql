-- Twin of the SQLite migration: what operators act on (issue 40).
ALTER TABLE "Restaurant" ADD COLUMN "suspendedAt" TIMESTAMP(3);
ALTER TABLE "Restaurant" ADD COLUMN "suspensionReason" TEXT;
ALTER TABLE "Restaurant" ADD COLUMN "servicingBeforeSuspension" BOOLEAN;

ALTER TABLE "Review" ADD COLUMN "hiddenAt" TIMESTAMP(3);
ALTER TABLE "Review" ADD COLUMN "hiddenReason" TEXT;

ALTER TABLE "User" ADD COLUMN "courierStatus" TEXT;
ALTER TABLE "User" ADD COLUMN "suspendedAt" TIMESTAMP(3);
ALTER TABLE "User" ADD COLUMN "suspensionReason" TEXT;

-- Every courier so far (the demo riders) counts as approved.
UPDATE "User" SET "courierStatus" = 'approved' WHERE "courier" = true;
