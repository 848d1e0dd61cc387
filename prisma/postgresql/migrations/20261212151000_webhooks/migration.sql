-- A restaurant's outgoing webhooks (docs/architecture/webhooks.md): endpoints, the messages
-- written in the transaction of the event that caused them, and each delivery attempt.
CREATE TABLE "WebhookEndpoint" (
    "id" SERIAL NOT NULL,
    "restaurantId" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "events" TEXT NOT NULL,
    "secret" TEXT NOT NULL,
    "previousSecret" TEXT,
    "previousUntil" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "disabledAt" TIMESTAMP(3),
    "failingSince" TIMESTAMP(3),

    CONSTRAINT "WebhookEndpoint_pkey" PRIMARY KEY ("id")
);
ALTER TABLE "WebhookEndpoint" ADD CONSTRAINT "WebhookEndpoint_restaurantId_fkey" FOREIGN KEY ("restaurantId") REFERENCES "Restaurant"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "WebhookEndpoint_restaurantId_idx" ON "WebhookEndpoint"("restaurantId");

CREATE TABLE "WebhookMessage" (
    "id" SERIAL NOT NULL,
    "endpointId" INTEGER NOT NULL,
    "msgId" TEXT NOT NULL,
    "eventType" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "state" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3),
    "leaseToken" TEXT,
    "leaseUntil" TIMESTAMP(3),

    CONSTRAINT "WebhookMessage_pkey" PRIMARY KEY ("id")
);
ALTER TABLE "WebhookMessage" ADD CONSTRAINT "WebhookMessage_endpointId_fkey" FOREIGN KEY ("endpointId") REFERENCES "WebhookEndpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "WebhookMessage_nextAttemptAt_idx" ON "WebhookMessage"("nextAttemptAt");
CREATE INDEX "WebhookMessage_endpointId_id_idx" ON "WebhookMessage"("endpointId", "id");

CREATE TABLE "WebhookAttempt" (
    "id" SERIAL NOT NULL,
    "messageId" INTEGER NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "status" INTEGER,
    "durationMs" INTEGER NOT NULL,
    "excerpt" TEXT NOT NULL,
    "error" TEXT,

    CONSTRAINT "WebhookAttempt_pkey" PRIMARY KEY ("id")
);
ALTER TABLE "WebhookAttempt" ADD CONSTRAINT "WebhookAttempt_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "WebhookMessage"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "WebhookAttempt_messageId_id_idx" ON "WebhookAttempt"("messageId", "id");
