-- The notification outbox and preferences (issue 39, docs/architecture/notifications.md).

CREATE TABLE "Notification" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "cause" TEXT NOT NULL,
    "channel" TEXT NOT NULL CHECK ("channel" IN ('in_app','email','push')),
    "payload" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'pending' CHECK ("state" IN ('pending','sent','failed','skipped')),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" DATETIME,
    "lease" TEXT,
    "lastError" TEXT,
    "sentAt" DATETIME,
    "readAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Notification_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "Notification_userId_cause_channel_key" ON "Notification"("userId", "cause", "channel");
CREATE INDEX "Notification_state_nextAttemptAt_idx" ON "Notification"("state", "nextAttemptAt");
CREATE INDEX "Notification_userId_channel_id_idx" ON "Notification"("userId", "channel", "id");

CREATE TABLE "NotificationPreference" (
    "userId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL,
    PRIMARY KEY ("userId", "kind", "channel"),
    CONSTRAINT "NotificationPreference_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- OrderEvent gains `notification` (a bell's wake-up for its recipient). SQLite cannot change a
-- CHECK in place: the table is rebuilt with its rows and ids (the event streams' resume points).
CREATE TABLE "new_OrderEvent" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "orderId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "restaurantId" INTEGER,
    "stage" TEXT NOT NULL CHECK ("stage" IN ('placed','accepted','ready','out_for_delivery','delivered','rejected','canceled','expired',
        'courier_searching','courier_assigned','courier_arrived','courier_position','courier_released','courier_not_found','delivery_failed',
        'job_offered','job_withdrawn','job_canceled','notification')),
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
