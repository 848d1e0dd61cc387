-- The payments.sync job's question (lib/server/payments/queries/payments.ts ordersToSync): which
-- captures the ledger refunded more than the provider has. Asked of every capture ever taken, it
-- grew with the card orders; it now starts from the orders with a refund entry, found here.
CREATE INDEX "LedgerEntry_kind_orderId_idx" ON "LedgerEntry"("kind", "orderId");
