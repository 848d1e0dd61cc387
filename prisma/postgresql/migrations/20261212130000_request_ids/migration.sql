-- The id of the request that wrote a notification (server/ops.mjs X-Request-Id), so the outbox
-- worker's log lines for it carry the same id as the request's (docs/architecture/operations.md).
ALTER TABLE "Notification" ADD COLUMN "requestId" TEXT;
