-- Couriers, dispatch and places on a map (issue 37, docs/architecture/couriers.md). Twin of the SQLite migration.

ALTER TABLE "User" ADD COLUMN "courier" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "User" ADD COLUMN "lat" DOUBLE PRECISION;
ALTER TABLE "User" ADD COLUMN "lng" DOUBLE PRECISION;
ALTER TABLE "Restaurant" ADD COLUMN "lat" DOUBLE PRECISION;
ALTER TABLE "Restaurant" ADD COLUMN "lng" DOUBLE PRECISION;
ALTER TABLE "Restaurant" ADD COLUMN "deliveryRadiusKm" DOUBLE PRECISION NOT NULL DEFAULT 8 CHECK ("deliveryRadiusKm" > 0 AND "deliveryRadiusKm" <= 50);

-- OrderEvent carries delivery events beside the stages, with a JSON detail.
ALTER TABLE "OrderEvent" ADD COLUMN "detail" TEXT;
ALTER TABLE "OrderEvent" DROP CONSTRAINT "OrderEvent_stage_check";
ALTER TABLE "OrderEvent" ADD CONSTRAINT "OrderEvent_stage_check" CHECK ("stage" IN ('placed','accepted','ready','out_for_delivery','delivered','rejected','canceled','expired',
    'courier_searching','courier_assigned','courier_arrived','courier_position','courier_released','courier_not_found','delivery_failed',
    'job_offered','job_withdrawn','job_canceled'));

-- The wallet ledger gains a courier's pay for a delivery ('earning'); the table's checks are
-- restated as the SQLite rebuild restates them.
ALTER TABLE "WalletTransaction"
    DROP CONSTRAINT "WalletTransaction_kind_check",
    DROP CONSTRAINT "WalletTransaction_balanceAfterCents_check",
    ADD CONSTRAINT "WalletTransaction_kind_check" CHECK ("kind" IN ('signup','topup','payment','refund','deduct','earning')),
    ADD CONSTRAINT "WalletTransaction_balanceAfterCents_check" CHECK ("balanceAfterCents" >= 0);

CREATE TABLE "CourierState" (
    "userId" INTEGER NOT NULL PRIMARY KEY,
    "onShift" BOOLEAN NOT NULL DEFAULT false,
    "lat" DOUBLE PRECISION,
    "lng" DOUBLE PRECISION,
    "accuracy" DOUBLE PRECISION,
    "positionAt" TIMESTAMP(3),
    "reportedAt" TIMESTAMP(3),
    "activeJobs" INTEGER NOT NULL DEFAULT 0 CHECK ("activeJobs" >= 0),
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CourierState_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "CourierState_onShift_positionAt_idx" ON "CourierState"("onShift", "positionAt");

CREATE TABLE "CourierPosition" (
    "id" SERIAL PRIMARY KEY,
    "courierId" INTEGER NOT NULL,
    "lat" DOUBLE PRECISION NOT NULL,
    "lng" DOUBLE PRECISION NOT NULL,
    "accuracy" DOUBLE PRECISION,
    "at" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "CourierPosition_courierId_fkey" FOREIGN KEY ("courierId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "CourierPosition_courierId_at_idx" ON "CourierPosition"("courierId", "at");
CREATE INDEX "CourierPosition_at_idx" ON "CourierPosition"("at");

CREATE TABLE "DeliveryJob" (
    "id" SERIAL PRIMARY KEY,
    "orderId" INTEGER NOT NULL,
    "restaurantId" INTEGER,
    "userId" INTEGER NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'unassigned' CHECK ("state" IN ('unassigned','offered','assigned','at_pickup','picked_up','delivered','failed','canceled')),
    "courierId" INTEGER,
    "offerExpiresAt" TIMESTAMP(3),
    "payCents" INTEGER NOT NULL CHECK ("payCents" >= 0),
    "pickupLat" DOUBLE PRECISION NOT NULL,
    "pickupLng" DOUBLE PRECISION NOT NULL,
    "dropoffLat" DOUBLE PRECISION NOT NULL,
    "dropoffLng" DOUBLE PRECISION NOT NULL,
    "dropoffAddress" TEXT NOT NULL,
    "instructions" TEXT,
    "itemsCount" INTEGER NOT NULL,
    "failureReason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "assignedAt" TIMESTAMP(3),
    "arrivedAt" TIMESTAMP(3),
    "pickedUpAt" TIMESTAMP(3),
    "closedAt" TIMESTAMP(3),
    "gaveUpAt" TIMESTAMP(3),
    CONSTRAINT "DeliveryJob_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "DeliveryJob_restaurantId_fkey" FOREIGN KEY ("restaurantId") REFERENCES "Restaurant" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "DeliveryJob_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "DeliveryJob_courierId_fkey" FOREIGN KEY ("courierId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "DeliveryJob_orderId_key" ON "DeliveryJob"("orderId");
CREATE INDEX "DeliveryJob_state_offerExpiresAt_idx" ON "DeliveryJob"("state", "offerExpiresAt");
CREATE INDEX "DeliveryJob_courierId_state_idx" ON "DeliveryJob"("courierId", "state");
CREATE INDEX "DeliveryJob_restaurantId_state_idx" ON "DeliveryJob"("restaurantId", "state");

CREATE TABLE "DeliveryOffer" (
    "id" SERIAL PRIMARY KEY,
    "jobId" INTEGER NOT NULL,
    "courierId" INTEGER NOT NULL,
    "offeredAt" TIMESTAMP(3) NOT NULL,
    "answer" TEXT CHECK ("answer" IN ('accepted','declined','expired','withdrawn')),
    "answeredAt" TIMESTAMP(3),
    CONSTRAINT "DeliveryOffer_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "DeliveryJob" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "DeliveryOffer_courierId_fkey" FOREIGN KEY ("courierId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "DeliveryOffer_jobId_courierId_idx" ON "DeliveryOffer"("jobId", "courierId");
CREATE INDEX "DeliveryOffer_courierId_offeredAt_idx" ON "DeliveryOffer"("courierId", "offeredAt");
