-- Issue 52 item 4 (docs/architecture/kitchen.md): the board's +5 / +10 on an accepted order writes
-- a `prep_changed` event, so the customer's page and the board read the order again (its ready
-- time and arrival window moved). SQLite cannot change a CHECK in place: the table is rebuilt
-- with its rows and ids (the event streams' resume points), as 20261129110000_notifications did.
CREATE TABLE "new_OrderEvent" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "orderId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "restaurantId" INTEGER,
    "stage" TEXT NOT NULL CHECK ("stage" IN ('placed','accepted','ready','out_for_delivery','delivered','rejected','canceled','expired',
        'courier_searching','courier_assigned','courier_arrived','courier_position','courier_released','courier_not_found','delivery_failed',
        'job_offered','job_withdrawn','job_canceled','notification','prep_changed')),
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
