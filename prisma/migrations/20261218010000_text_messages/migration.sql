-- nosh:foreign-keys-off
-- Text messages (docs/architecture/text-messages.md): a person's numbers confirmed by a texted
-- code with their moments and quiet hours, the numbers that answered STOP, and every text sent or
-- received (the built-in provider's page, the limits, the status callbacks, the cost per market).
CREATE TABLE "TextNumber" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "phone" TEXT NOT NULL,
    "moments" INTEGER NOT NULL DEFAULT 15,
    "codeHash" TEXT,
    "codeExpiresAt" DATETIME,
    "codeAttempts" INTEGER NOT NULL DEFAULT 0,
    "codesSent" INTEGER NOT NULL DEFAULT 0,
    "confirmedAt" DATETIME,
    "quietStart" INTEGER,
    "quietEnd" INTEGER,
    "timeZone" TEXT NOT NULL DEFAULT 'America/Los_Angeles',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "TextNumber_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "TextNumber_userId_phone_key" ON "TextNumber"("userId", "phone");
CREATE INDEX "TextNumber_phone_idx" ON "TextNumber"("phone");
CREATE TABLE "TextOptOut" (
    "phone" TEXT NOT NULL PRIMARY KEY,
    "keyword" TEXT NOT NULL,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE TABLE "TextMessage" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "direction" TEXT NOT NULL CHECK ("direction" IN ('out', 'in')),
    "phone" TEXT NOT NULL,
    "userId" INTEGER,
    "notificationId" INTEGER,
    "kind" TEXT NOT NULL,
    "body" TEXT,
    "provider" TEXT NOT NULL,
    "providerId" TEXT,
    "status" TEXT NOT NULL,
    "segments" INTEGER NOT NULL DEFAULT 1,
    "costMicros" INTEGER NOT NULL DEFAULT 0,
    "marketId" INTEGER NOT NULL DEFAULT 1,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "statusAt" DATETIME
);
CREATE UNIQUE INDEX "TextMessage_provider_providerId_key" ON "TextMessage"("provider", "providerId");
CREATE INDEX "TextMessage_phone_createdAt_idx" ON "TextMessage"("phone", "createdAt");
CREATE INDEX "TextMessage_userId_createdAt_idx" ON "TextMessage"("userId", "createdAt");
CREATE INDEX "TextMessage_marketId_createdAt_idx" ON "TextMessage"("marketId", "createdAt");

-- The outbox gains the `sms` channel. SQLite cannot change a CHECK in place: the table is rebuilt
-- with its rows and ids, then its indexes.
CREATE TABLE "new_Notification" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "cause" TEXT NOT NULL,
    "channel" TEXT NOT NULL CHECK ("channel" IN ('in_app','email','push','sms')),
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
    "requestId" TEXT,
    CONSTRAINT "Notification_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Notification" ("id", "userId", "kind", "cause", "channel", "payload", "state", "attempts", "nextAttemptAt", "lockedUntil", "lease", "lastError", "sentAt", "readAt", "createdAt", "requestId")
SELECT "id", "userId", "kind", "cause", "channel", "payload", "state", "attempts", "nextAttemptAt", "lockedUntil", "lease", "lastError", "sentAt", "readAt", "createdAt", "requestId" FROM "Notification";
DROP TABLE "Notification";
ALTER TABLE "new_Notification" RENAME TO "Notification";
CREATE UNIQUE INDEX "Notification_userId_cause_channel_key" ON "Notification"("userId", "cause", "channel");
CREATE INDEX "Notification_pending_idx" ON "Notification"("nextAttemptAt") WHERE "state" = 'pending';
CREATE INDEX "Notification_userId_kind_channel_state_sentAt_idx" ON "Notification"("userId", "kind", "channel", "state", "sentAt");
