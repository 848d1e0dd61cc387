-- Issue 51 item 11 (docs/architecture/couriers.md "Messages"): the customer's and the courier's
-- messages while a delivery is live, kept 30 days after the job closed.
CREATE TABLE "DeliveryMessage" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "orderId" INTEGER NOT NULL,
    "jobId" INTEGER NOT NULL,
    "courierId" INTEGER NOT NULL,
    "senderId" INTEGER NOT NULL,
    "senderRole" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "DeliveryMessage_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "DeliveryMessage_orderId_id_idx" ON "DeliveryMessage"("orderId", "id");
CREATE INDEX "DeliveryMessage_jobId_idx" ON "DeliveryMessage"("jobId");
-- Each message wakes the other side's stream with a `courier_message` event (its id, never its
-- text). SQLite cannot change a CHECK in place: the table is rebuilt with its rows and ids (the
-- event streams' resume points), as 20261205100000_prep_changed did.
CREATE TABLE "new_OrderEvent" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "orderId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "restaurantId" INTEGER,
    "stage" TEXT NOT NULL CHECK ("stage" IN ('placed','accepted','ready','out_for_delivery','delivered','rejected','canceled','expired',
        'courier_searching','courier_assigned','courier_arrived','courier_position','courier_released','courier_not_found','delivery_failed',
        'job_offered','job_withdrawn','job_canceled','notification','prep_changed','courier_message')),
    "detail" TEXT,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "OrderEvent_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_OrderEvent" ("id", "orderId", "userId", "restaurantId", "stage", "detail", "at") SELECT "id", "orderId", "userId", "restaurantId", "stage", "detail", "at" FROM "OrderEvent";
DROP TABLE "OrderEvent";
ALTER TABLE "new_OrderEvent" RENAME TO "OrderEvent";
CREATE INDEX "OrderEvent_orderId_id_idx" ON "OrderEvent"("orderId", "id");
CREATE INDEX "OrderEvent_userId_id_idx" ON "OrderEvent"("userId", "id");
CREATE INDEX "OrderEvent_restaurantId_id_idx" ON "OrderEvent"("restaurantId", "id");
