-- Packed and sealed (docs/architecture/problem-reports.md "Packed and sealed"): each line ticked
-- packed with who and when, the order's bag count and the courier's count at pickup; a claim on
-- packed, sealed lines keeps the trail, and the operator's decision says who was charged.
ALTER TABLE "OrderItem" ADD COLUMN "packedAt" TIMESTAMP(3);
ALTER TABLE "OrderItem" ADD COLUMN "packedBy" TEXT;
ALTER TABLE "OrderItem" ADD COLUMN "packedById" INTEGER;
ALTER TABLE "Order" ADD COLUMN "bags" INTEGER CHECK ("bags" IS NULL OR ("bags" >= 1 AND "bags" <= 20));
ALTER TABLE "Order" ADD COLUMN "bagsConfirmed" INTEGER CHECK ("bagsConfirmed" IS NULL OR ("bagsConfirmed" >= 0 AND "bagsConfirmed" <= 20));
ALTER TABLE "ProblemReport" ADD COLUMN "sealedTrail" TEXT;
ALTER TABLE "ProblemReport" ADD COLUMN "chargedTo" TEXT CHECK ("chargedTo" IS NULL OR "chargedTo" IN ('restaurant', 'courier', 'platform'));
