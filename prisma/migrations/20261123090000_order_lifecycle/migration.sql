-- The live order lifecycle: the stage of a submitted order, the restaurant's
-- preparation estimate and rejection reason, and one OrderEvent row per step (the timeline and
-- the live event log that Server-Sent Events resume from by id).
ALTER TABLE "Order" ADD COLUMN "stage" TEXT CHECK ("stage" IS NULL OR "stage" IN ('placed','accepted','ready','out_for_delivery','delivered','rejected','canceled','expired'));
ALTER TABLE "Order" ADD COLUMN "prepMinutes" INTEGER CHECK ("prepMinutes" IS NULL OR ("prepMinutes" >= 5 AND "prepMinutes" <= 90));
ALTER TABLE "Order" ADD COLUMN "acceptedAt" DATETIME;
ALTER TABLE "Order" ADD COLUMN "estimatedReadyAt" DATETIME;
ALTER TABLE "Order" ADD COLUMN "rejectionReason" TEXT;

-- Orders placed before the lifecycle existed keep their meaning.
UPDATE "Order" SET "stage" = CASE "status" WHEN 'Submitted' THEN 'placed' WHEN 'Completed' THEN 'delivered' WHEN 'Canceled' THEN 'canceled' END
WHERE "status" <> 'Active';

CREATE INDEX "Order_stage_submittedAt_idx" ON "Order"("stage", "submittedAt");

CREATE TABLE "OrderEvent" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "orderId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "restaurantId" INTEGER,
    "stage" TEXT NOT NULL CHECK ("stage" IN ('placed','accepted','ready','out_for_delivery','delivered','rejected','canceled','expired')),
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "OrderEvent_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "OrderEvent_orderId_id_idx" ON "OrderEvent"("orderId", "id");
CREATE INDEX "OrderEvent_userId_id_idx" ON "OrderEvent"("userId", "id");
CREATE INDEX "OrderEvent_restaurantId_id_idx" ON "OrderEvent"("restaurantId", "id");

-- Their timelines: placed when submitted, then how they ended.
INSERT INTO "OrderEvent" ("orderId", "userId", "restaurantId", "stage", "at")
SELECT "id", "userId", "restaurantId", 'placed', COALESCE("submittedAt", "createdAt") FROM "Order" WHERE "status" <> 'Active' ORDER BY "id";
INSERT INTO "OrderEvent" ("orderId", "userId", "restaurantId", "stage", "at")
SELECT "id", "userId", "restaurantId", "stage", COALESCE("closedAt", "updatedAt") FROM "Order" WHERE "status" IN ('Completed','Canceled') ORDER BY "id";
