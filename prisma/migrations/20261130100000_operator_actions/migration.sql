-- What operators act on (issue 40, docs/architecture/operator.md): a restaurant's suspension, a
-- hidden review, a courier's application and approval, a user's suspended sign-in.
ALTER TABLE "Restaurant" ADD COLUMN "suspendedAt" DATETIME;
ALTER TABLE "Restaurant" ADD COLUMN "suspensionReason" TEXT;
ALTER TABLE "Restaurant" ADD COLUMN "servicingBeforeSuspension" BOOLEAN;

ALTER TABLE "Review" ADD COLUMN "hiddenAt" DATETIME;
ALTER TABLE "Review" ADD COLUMN "hiddenReason" TEXT;

ALTER TABLE "User" ADD COLUMN "courierStatus" TEXT;
ALTER TABLE "User" ADD COLUMN "suspendedAt" DATETIME;
ALTER TABLE "User" ADD COLUMN "suspensionReason" TEXT;

-- Every courier so far (the demo riders) counts as approved.
UPDATE "User" SET "courierStatus" = 'approved' WHERE "courier" = true;
