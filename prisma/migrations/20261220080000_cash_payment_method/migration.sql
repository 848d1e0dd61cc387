-- nosh:foreign-keys-off
-- Cash at the door (docs/architecture/ledger.md "Cash at the door"): a customer's order may be paid in
-- cash to the courier, so Order.paymentMethod's CHECK gains 'cash'. SQLite cannot change a CHECK in
-- place: the table is rebuilt with its rows, ids and sequence, foreign keys off around it (as
-- 20261214040100_phone_orders did; lib/server/platform/migrate.ts checks every foreign key before it commits).
CREATE TABLE "new_Order" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "restaurantId" INTEGER,
    "restaurantName" TEXT NOT NULL,
    "restaurantImage" TEXT,
    "subtotalCents" INTEGER NOT NULL DEFAULT 0 CHECK ("subtotalCents" >= 0),
    "deliveryFeeCents" INTEGER NOT NULL DEFAULT 0 CHECK ("deliveryFeeCents" >= 0),
    "priorityFeeCents" INTEGER NOT NULL DEFAULT 0 CHECK ("priorityFeeCents" >= 0),
    "serviceFeeCents" INTEGER NOT NULL DEFAULT 0 CHECK ("serviceFeeCents" >= 0),
    "tipCents" INTEGER NOT NULL DEFAULT 0 CHECK ("tipCents" >= 0),
    "totalCents" INTEGER NOT NULL DEFAULT 0 CHECK ("totalCents" >= 0),
    "deliveryOption" TEXT CHECK ("deliveryOption" IS NULL OR "deliveryOption" IN ('standard','priority','schedule')),
    "scheduledFor" DATETIME,
    "paymentMethod" TEXT CHECK ("paymentMethod" IS NULL OR "paymentMethod" IN ('card','wallet','door','cash')),
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "submittedAt" DATETIME,
    "closedAt" DATETIME, "stage" TEXT CHECK ("stage" IS NULL OR "stage" IN ('placed','accepted','ready','out_for_delivery','delivered','rejected','canceled','expired')), "prepMinutes" INTEGER CHECK ("prepMinutes" IS NULL OR ("prepMinutes" >= 5 AND "prepMinutes" <= 90)), "acceptedAt" DATETIME, "estimatedReadyAt" DATETIME, "rejectionReason" TEXT, "pickup" BOOLEAN NOT NULL DEFAULT false, "groupHostName" TEXT, "discountCents" INTEGER NOT NULL DEFAULT 0, "promotionId" INTEGER, "dropoff" TEXT NOT NULL DEFAULT 'hand_to_me', "dropoffPhoto" TEXT, "promisedArrivalBy" DATETIME, "taxCents" INTEGER NOT NULL DEFAULT 0, "taxRateMilliPercent" INTEGER, "taxesFees" BOOLEAN NOT NULL DEFAULT false, "taxJurisdiction" TEXT, "deliveryLabel" TEXT, "deliveryStreet" TEXT, "deliveryUnit" TEXT, "deliveryCity" TEXT, "deliveryState" TEXT, "deliveryZip" TEXT, "deliveryNote" TEXT, "deliveryLat" REAL, "deliveryLng" REAL, "prepAddedMinutes" INTEGER NOT NULL DEFAULT 0, "disputeStatus" TEXT, "bags" INTEGER CHECK ("bags" IS NULL OR ("bags" >= 1 AND "bags" <= 20)), "bagsConfirmed" INTEGER CHECK ("bagsConfirmed" IS NULL OR ("bagsConfirmed" >= 0 AND "bagsConfirmed" <= 20)), "smallOrderFeeCents" INTEGER NOT NULL DEFAULT 0, "deliveryWaivedCents" INTEGER NOT NULL DEFAULT 0, "deliveryKm" REAL, "promisedMinMinutes" INTEGER, "promisedMaxMinutes" INTEGER, "actualMinutes" INTEGER,
    "phoneOrder" BOOLEAN NOT NULL DEFAULT false,
    "customerPhone" TEXT, "deliveryAddressId" INTEGER, "currency" TEXT NOT NULL DEFAULT 'USD', "staffDelivery" BOOLEAN NOT NULL DEFAULT false, "rejectionKey" TEXT, "rejectionValues" TEXT,
    CONSTRAINT "Order_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Order_restaurantId_fkey" FOREIGN KEY ("restaurantId") REFERENCES "Restaurant" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Order" ("id", "userId", "restaurantId", "restaurantName", "restaurantImage", "subtotalCents", "deliveryFeeCents", "priorityFeeCents", "serviceFeeCents", "tipCents", "totalCents", "deliveryOption", "scheduledFor", "paymentMethod", "createdAt", "updatedAt", "submittedAt", "closedAt", "stage", "prepMinutes", "acceptedAt", "estimatedReadyAt", "rejectionReason", "pickup", "groupHostName", "discountCents", "promotionId", "dropoff", "dropoffPhoto", "promisedArrivalBy", "taxCents", "taxRateMilliPercent", "taxesFees", "taxJurisdiction", "deliveryLabel", "deliveryStreet", "deliveryUnit", "deliveryCity", "deliveryState", "deliveryZip", "deliveryNote", "deliveryLat", "deliveryLng", "prepAddedMinutes", "disputeStatus", "bags", "bagsConfirmed", "smallOrderFeeCents", "deliveryWaivedCents", "deliveryKm", "promisedMinMinutes", "promisedMaxMinutes", "actualMinutes", "phoneOrder", "customerPhone", "deliveryAddressId", "currency", "staffDelivery", "rejectionKey", "rejectionValues")
SELECT "id", "userId", "restaurantId", "restaurantName", "restaurantImage", "subtotalCents", "deliveryFeeCents", "priorityFeeCents", "serviceFeeCents", "tipCents", "totalCents", "deliveryOption", "scheduledFor", "paymentMethod", "createdAt", "updatedAt", "submittedAt", "closedAt", "stage", "prepMinutes", "acceptedAt", "estimatedReadyAt", "rejectionReason", "pickup", "groupHostName", "discountCents", "promotionId", "dropoff", "dropoffPhoto", "promisedArrivalBy", "taxCents", "taxRateMilliPercent", "taxesFees", "taxJurisdiction", "deliveryLabel", "deliveryStreet", "deliveryUnit", "deliveryCity", "deliveryState", "deliveryZip", "deliveryNote", "deliveryLat", "deliveryLng", "prepAddedMinutes", "disputeStatus", "bags", "bagsConfirmed", "smallOrderFeeCents", "deliveryWaivedCents", "deliveryKm", "promisedMinMinutes", "promisedMaxMinutes", "actualMinutes", "phoneOrder", "customerPhone", "deliveryAddressId", "currency", "staffDelivery", "rejectionKey", "rejectionValues" FROM "Order";
INSERT INTO sqlite_sequence ("name", "seq") SELECT 'new_Order', "seq" FROM sqlite_sequence WHERE "name" = 'Order' AND NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE "name" = 'new_Order');
UPDATE sqlite_sequence SET "seq" = (SELECT "seq" FROM sqlite_sequence WHERE "name" = 'Order') WHERE "name" = 'new_Order' AND "seq" < (SELECT "seq" FROM sqlite_sequence WHERE "name" = 'Order');
DROP TABLE "Order";
ALTER TABLE "new_Order" RENAME TO "Order";
CREATE INDEX "Order_closedAt_dropoffPhoto_idx" ON "Order"("closedAt") WHERE "dropoffPhoto" IS NOT NULL;
CREATE INDEX "Order_restaurantId_closedAt_idx" ON "Order"("restaurantId", "closedAt");
CREATE INDEX "Order_restaurantId_scheduledFor_idx" ON "Order"("restaurantId", "scheduledFor");
CREATE INDEX "Order_restaurantId_stage_createdAt_idx" ON "Order"("restaurantId", "stage", "createdAt");
CREATE INDEX "Order_restaurantId_submittedAt_idx" ON "Order"("restaurantId", "submittedAt");
CREATE INDEX "Order_stage_submittedAt_idx" ON "Order"("stage", "submittedAt");
CREATE INDEX "Order_userId_createdAt_idx" ON "Order"("userId", "createdAt");
