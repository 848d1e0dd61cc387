-- Issue 49 items 5, 12 and 13 (docs/architecture/couriers.md): a delivery step taken without a
-- recent position near its stop is flagged for an operator, whose decision releases or refuses
-- the courier's pay; an offer shows the drop-off's area only; a failed delivery's free text is
-- the operator's, the customer reads a label from a fixed list.
ALTER TABLE "DeliveryJob" ADD COLUMN "failureNote" TEXT;
ALTER TABLE "DeliveryJob" ADD COLUMN "dropoffArea" TEXT;
ALTER TABLE "DeliveryJob" ADD COLUMN "flaggedAt" TIMESTAMP(3);
ALTER TABLE "DeliveryJob" ADD COLUMN "flagReason" TEXT;
ALTER TABLE "DeliveryJob" ADD COLUMN "payDecision" TEXT;
ALTER TABLE "DeliveryJob" ADD COLUMN "payDecidedAt" TIMESTAMP(3);
CREATE INDEX "DeliveryJob_flaggedAt_idx" ON "DeliveryJob"("flaggedAt");
-- Failures recorded before: the courier's own words move to the note (operators only); the
-- customer's page, the order's reason and the stream's event then read "Other". The app's two
-- listed reasons were already words from a fixed list and stay.
UPDATE "DeliveryJob" SET "failureNote" = "failureReason", "failureReason" = 'Other'
  WHERE "failureReason" IS NOT NULL AND "failureReason" NOT IN ('Customer unreachable', 'Address not found', 'Couldn''t reach you', 'Unsafe to deliver', 'Other');
UPDATE "Order" SET "rejectionReason" = 'The courier could not deliver this order: Other'
  WHERE "id" IN (SELECT "orderId" FROM "DeliveryJob" WHERE "state" = 'failed' AND "failureNote" IS NOT NULL);
UPDATE "OrderEvent" SET "detail" = '{"reason":"Other"}'
  WHERE "stage" = 'delivery_failed' AND "orderId" IN (SELECT "orderId" FROM "DeliveryJob" WHERE "state" = 'failed' AND "failureNote" IS NOT NULL);
