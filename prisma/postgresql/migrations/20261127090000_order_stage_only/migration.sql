-- One stored state per order (issue 36): `stage` alone. Twin of the SQLite migration. The spec's `status` is derived from it
-- (lib/shared/order-stages.ts statusOf: null is Active, placed..out_for_delivery Submitted,
-- delivered Completed, rejected/canceled/expired Canceled) and no longer stored beside it.

-- Rows whose stage does not already say their status: an Active order of a restaurant that was
-- deleted was set Canceled without a stage, and rows written before the lifecycle kept both.
UPDATE "Order" SET "stage" = CASE "status" WHEN 'Submitted' THEN 'placed' WHEN 'Completed' THEN 'delivered' WHEN 'Canceled' THEN 'canceled' END
WHERE "stage" IS NULL AND "status" <> 'Active';

DROP INDEX "Order_restaurantId_status_createdAt_idx";
ALTER TABLE "Order" DROP COLUMN "status";
CREATE INDEX "Order_restaurantId_stage_createdAt_idx" ON "Order"("restaurantId", "stage", "createdAt");
