-- A kitchen's capacity (docs/architecture/kitchen.md "Capacity"): at most this many orders per
-- quarter hour, or null (no limit). Scheduled orders are counted by their slot.
ALTER TABLE "Restaurant" ADD COLUMN "capacityPer15" INTEGER CHECK ("capacityPer15" IS NULL OR ("capacityPer15" >= 1 AND "capacityPer15" <= 500));
CREATE INDEX "Order_restaurantId_scheduledFor_idx" ON "Order"("restaurantId", "scheduledFor");
