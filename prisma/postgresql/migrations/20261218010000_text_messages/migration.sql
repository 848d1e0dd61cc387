-- Text messages (docs/architecture/text-messages.md): a person's numbers confirmed by a texted
-- code with their moments and quiet hours, the numbers that answered STOP, and every text sent or
-- received (the built-in provider's page, the limits, the status callbacks, the cost per market).
CREATE TABLE "TextNumber" (
    "id" SERIAL PRIMARY KEY,
    "userId" INTEGER NOT NULL,
    "phone" TEXT NOT NULL,
    "moments" INTEGER NOT NULL DEFAULT 15,
    "codeHash" TEXT,
    "codeExpiresAt" TIMESTAMP(3),
    "codeAttempts" INTEGER NOT NULL DEFAULT 0,
    "codesSent" INTEGER NOT NULL DEFAULT 0,
    "confirmedAt" TIMESTAMP(3),
    "quietStart" INTEGER,
    "quietEnd" INTEGER,
    "timeZone" TEXT NOT NULL DEFAULT 'America/Los_Angeles',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "TextNumber_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "TextNumber_userId_phone_key" ON "TextNumber"("userId", "phone");
CREATE INDEX "TextNumber_phone_idx" ON "TextNumber"("phone");
CREATE TABLE "TextOptOut" (
    "phone" TEXT NOT NULL PRIMARY KEY,
    "keyword" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE TABLE "TextMessage" (
    "id" SERIAL PRIMARY KEY,
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
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "statusAt" TIMESTAMP(3)
);
CREATE UNIQUE INDEX "TextMessage_provider_providerId_key" ON "TextMessage"("provider", "providerId");
CREATE INDEX "TextMessage_phone_createdAt_idx" ON "TextMessage"("phone", "createdAt");
CREATE INDEX "TextMessage_userId_createdAt_idx" ON "TextMessage"("userId", "createdAt");
CREATE INDEX "TextMessage_marketId_createdAt_idx" ON "TextMessage"("marketId", "createdAt");

-- The outbox gains the `sms` channel.
ALTER TABLE "Notification" DROP CONSTRAINT "Notification_channel_check";
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_channel_check" CHECK ("channel" IN ('in_app','email','push','sms'));
