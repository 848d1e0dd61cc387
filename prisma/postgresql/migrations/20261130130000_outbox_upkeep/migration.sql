-- The outbox's upkeep (issue 39, docs/architecture/notifications.md "Cost" and "Pruning"): two
-- fewer indexes for every notification written with an order.
-- The worker's due rows are only ever `pending` (in_app rows are written sent or skipped, and a
-- delivered row leaves pending for good): a partial index on those alone replaces the index of
-- every row by state. The bell's reads (a person's in_app rows) go through the unique
-- (userId, cause, channel) index's userId prefix instead of their own (userId, channel, id).
DROP INDEX "Notification_state_nextAttemptAt_idx";
DROP INDEX "Notification_userId_channel_id_idx";
CREATE INDEX "Notification_pending_idx" ON "Notification"("nextAttemptAt") WHERE "state" = 'pending';
