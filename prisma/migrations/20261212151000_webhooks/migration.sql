-- A restaurant's outgoing webhooks (docs/architecture/webhooks.md): endpoints, the messages
-- written in the transaction of the event that caused them, and each delivery attempt.
CREATE TABLE "WebhookEndpoint" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "restaurantId" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "events" TEXT NOT NULL,
    "secret" TEXT NOT NULL,
    "previousSecret" TEXT,
    "previousUntil" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "disabledAt" DATETIME,
    "failingSince" DATETIME,
    CONSTRAINT "WebhookEndpoint_restaurantId_fkey" FOREIGN KEY ("restaurantId") REFERENCES "Restaurant" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "WebhookEndpoint_restaurantId_idx" ON "WebhookEndpoint"("restaurantId");

CREATE TABLE "WebhookMessage" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "endpointId" INTEGER NOT NULL,
    "msgId" TEXT NOT NULL,
    "eventType" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "state" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME,
    "leaseToken" TEXT,
    "leaseUntil" DATETIME,
    CONSTRAINT "WebhookMessage_endpointId_fkey" FOREIGN KEY ("endpointId") REFERENCES "WebhookEndpoint" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "WebhookMessage_nextAttemptAt_idx" ON "WebhookMessage"("nextAttemptAt");
CREATE INDEX "WebhookMessage_endpointId_id_idx" ON "WebhookMessage"("endpointId", "id");

CREATE TABLE "WebhookAttempt" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "messageId" INTEGER NOT NULL,
    "at" DATETIME NOT NULL,
    "status" INTEGER,
    "durationMs" INTEGER NOT NULL,
    "excerpt" TEXT NOT NULL,
    "error" TEXT,
    CONSTRAINT "WebhookAttempt_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "WebhookMessage" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "WebhookAttempt_messageId_id_idx" ON "WebhookAttempt"("messageId", "id");
