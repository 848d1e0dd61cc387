-- Reads that grew with the city's history (docs/log/2026-11-28.md):
-- The payments.sync job's question (lib/server/payments/queries/payments.ts ordersToSync): which
-- captures the ledger refunded more than the provider has. Asked of every capture ever taken, it
-- grew with the card orders; it now starts from the orders with a refund entry, found here.
CREATE INDEX "LedgerEntry_kind_orderId_idx" ON "LedgerEntry"("kind", "orderId");
-- An owner's new-order mail and its digest (lib/server/notifications/digest.ts): the owner's
-- recent, waiting and digested mails. By the unique key's userId prefix they read every
-- notification the owner kept (every kind, every channel: about 55 ms a mail with 60,000).
CREATE INDEX "Notification_userId_kind_channel_state_sentAt_idx" ON "Notification"("userId", "kind", "channel", "state", "sentAt");
-- A receipt's refunds (lib/server/ledger/queries.ts refundEntries): each refund entry with the problem
-- report it paid, if any. Without an index on the entry every refund entry read every report.
CREATE INDEX "ProblemReport_entryId_idx" ON "ProblemReport"("entryId");
-- The hourly purge of drop-off photos (lib/server/dispatch/dropoff-photo.ts purgeDropoffPhotos): the
-- few orders still holding one, not every order ever closed (partial: migration only, like
-- Notification_pending_idx; Prisma's schema has no partial indexes).
CREATE INDEX "Order_closedAt_dropoffPhoto_idx" ON "Order"("closedAt") WHERE "dropoffPhoto" IS NOT NULL;
-- The hourly prune of courier positions (lib/server/dispatch/queries/positions.ts
-- deletePositionsBefore): the courier_position events past the retention, not every event of every
-- order (partial: migration only).
CREATE INDEX "OrderEvent_courier_position_at_idx" ON "OrderEvent"("at") WHERE "stage" = 'courier_position';
-- Deleting an account (its own deletion, the hourly prune of guests): the database looks up the
-- rows that point at it. These two were the only foreign keys no index leads: each deletion read
-- every delivery job ever made (42 ms a user at 200,000) and every audit entry.
CREATE INDEX "DeliveryJob_userId_idx" ON "DeliveryJob"("userId");
CREATE INDEX "AuditLog_operatorId_idx" ON "AuditLog"("operatorId");
