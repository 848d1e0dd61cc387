-- Twin of the SQLite migration: the notification outbox and preferences (issue 39).

CREATE TABLE "Notification" (
    "id" SERIAL PRIMARY KEY,
    "userId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "cause" TEXT NOT NULL,
    "channel" TEXT NOT NULL CHECK ("channel" IN ('in_app','email','push')),
    "payload" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'pending' CHECK ("state" IN ('pending','sent','failed','skipped')),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedUntil" TIMESTAMP(3),
    "lease" TEXT,
    "lastError" TEXT,
    "sentAt" TIMESTAMP(3),
    "readAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
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

-- OrderEvent gains `notification` (a bell's wake-up for its recipient).
ALTER TABLE "OrderEvent" DROP CONSTRAINT "OrderEvent_stage_check";
ALTER TABLE "OrderEvent" ADD CONSTRAINT "OrderEvent_stage_check" CHECK ("stage" IN ('placed','accepted','ready','out_for_delivery','delivered','rejected','canceled','expired',
    'courier_searching','courier_assigned','courier_arrived','courier_position','courier_released','courier_not_found','delivery_failed',
    'job_offered','job_withdrawn','job_canceled','notification'));
