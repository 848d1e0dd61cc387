-- Couriers, dispatch and places on a map (issue 37, docs/architecture/couriers.md).

-- Who delivers, and where people and restaurants are (degrees, from the offline geocoder).
ALTER TABLE "User" ADD COLUMN "courier" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "User" ADD COLUMN "lat" REAL;
ALTER TABLE "User" ADD COLUMN "lng" REAL;
ALTER TABLE "Restaurant" ADD COLUMN "lat" REAL;
ALTER TABLE "Restaurant" ADD COLUMN "lng" REAL;
ALTER TABLE "Restaurant" ADD COLUMN "deliveryRadiusKm" REAL NOT NULL DEFAULT 8 CHECK ("deliveryRadiusKm" > 0 AND "deliveryRadiusKm" <= 50);

-- OrderEvent carries delivery events beside the stages, with a JSON detail. SQLite cannot change
-- a CHECK in place: the table is rebuilt with its rows and ids (the event streams' resume points).
CREATE TABLE "new_OrderEvent" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "orderId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "restaurantId" INTEGER,
    "stage" TEXT NOT NULL CHECK ("stage" IN ('placed','accepted','ready','out_for_delivery','delivered','rejected','canceled','expired',
        'courier_searching','courier_assigned','courier_arrived','courier_position','courier_released','courier_not_found','delivery_failed',
        'job_offered','job_withdrawn','job_canceled')),
    "detail" TEXT,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "OrderEvent_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_OrderEvent" ("id", "orderId", "userId", "restaurantId", "stage", "at") SELECT "id", "orderId", "userId", "restaurantId", "stage", "at" FROM "OrderEvent";
DROP TABLE "OrderEvent";
ALTER TABLE "new_OrderEvent" RENAME TO "OrderEvent";
CREATE INDEX "OrderEvent_orderId_id_idx" ON "OrderEvent"("orderId", "id");
CREATE INDEX "OrderEvent_userId_id_idx" ON "OrderEvent"("userId", "id");
CREATE INDEX "OrderEvent_restaurantId_id_idx" ON "OrderEvent"("restaurantId", "id");

-- The wallet ledger gains a courier's pay for a delivery ('earning'): rebuilt the same way.
CREATE TABLE "new_WalletTransaction" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL CHECK ("kind" IN ('signup','topup','payment','refund','deduct','earning')),
    "amountCents" INTEGER NOT NULL,
    "balanceAfterCents" INTEGER NOT NULL CHECK ("balanceAfterCents" >= 0),
    "orderId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "WalletTransaction_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "WalletTransaction_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_WalletTransaction" SELECT "id", "userId", "kind", "amountCents", "balanceAfterCents", "orderId", "createdAt" FROM "WalletTransaction";
DROP TABLE "WalletTransaction";
ALTER TABLE "new_WalletTransaction" RENAME TO "WalletTransaction";
CREATE INDEX "WalletTransaction_userId_createdAt_idx" ON "WalletTransaction"("userId", "createdAt");
CREATE INDEX "WalletTransaction_orderId_idx" ON "WalletTransaction"("orderId");

CREATE TABLE "CourierState" (
    "userId" INTEGER NOT NULL PRIMARY KEY,
    "onShift" BOOLEAN NOT NULL DEFAULT false,
    "lat" REAL,
    "lng" REAL,
    "accuracy" REAL,
    "positionAt" DATETIME,
    "reportedAt" DATETIME,
    "activeJobs" INTEGER NOT NULL DEFAULT 0 CHECK ("activeJobs" >= 0),
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CourierState_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "CourierState_onShift_positionAt_idx" ON "CourierState"("onShift", "positionAt");

CREATE TABLE "CourierPosition" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "courierId" INTEGER NOT NULL,
    "lat" REAL NOT NULL,
    "lng" REAL NOT NULL,
    "accuracy" REAL,
    "at" DATETIME NOT NULL,
    CONSTRAINT "CourierPosition_courierId_fkey" FOREIGN KEY ("courierId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "CourierPosition_courierId_at_idx" ON "CourierPosition"("courierId", "at");
CREATE INDEX "CourierPosition_at_idx" ON "CourierPosition"("at");

CREATE TABLE "DeliveryJob" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "orderId" INTEGER NOT NULL,
    "restaurantId" INTEGER,
    "userId" INTEGER NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'unassigned' CHECK ("state" IN ('unassigned','offered','assigned','at_pickup','picked_up','delivered','failed','canceled')),
    "courierId" INTEGER,
    "offerExpiresAt" DATETIME,
    "payCents" INTEGER NOT NULL CHECK ("payCents" >= 0),
    "pickupLat" REAL NOT NULL,
    "pickupLng" REAL NOT NULL,
    "dropoffLat" REAL NOT NULL,
    "dropoffLng" REAL NOT NULL,
    "dropoffAddress" TEXT NOT NULL,
    "instructions" TEXT,
    "itemsCount" INTEGER NOT NULL,
    "failureReason" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "assignedAt" DATETIME,
    "arrivedAt" DATETIME,
    "pickedUpAt" DATETIME,
    "closedAt" DATETIME,
    "gaveUpAt" DATETIME,
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
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "jobId" INTEGER NOT NULL,
    "courierId" INTEGER NOT NULL,
    "offeredAt" DATETIME NOT NULL,
    "answer" TEXT CHECK ("answer" IN ('accepted','declined','expired','withdrawn')),
    "answeredAt" DATETIME,
    CONSTRAINT "DeliveryOffer_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "DeliveryJob" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "DeliveryOffer_courierId_fkey" FOREIGN KEY ("courierId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "DeliveryOffer_jobId_courierId_idx" ON "DeliveryOffer"("jobId", "courierId");
CREATE INDEX "DeliveryOffer_courierId_offeredAt_idx" ON "DeliveryOffer"("courierId", "offeredAt");
