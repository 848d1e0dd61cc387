-- A wallet statement row's currency (docs/architecture/ledger.md "Currencies"): a wallet holds a
-- balance in each currency it was credited in ("wallet:5", "wallet:5:MXN"), and its statement is
-- read one currency at a time, each with its own balance after. An existing row is in the currency
-- of its entry's wallet account, else USD (a row from before the ledger had no entry).
ALTER TABLE "WalletTransaction" ADD COLUMN "currency" TEXT NOT NULL DEFAULT 'USD' CHECK (length("currency") = 3);
UPDATE "WalletTransaction" SET "currency" = COALESCE((
    SELECT a."currency" FROM "LedgerLine" l JOIN "LedgerAccount" a ON a."id" = l."account"
    WHERE l."entryId" = "WalletTransaction"."entryId" AND a."kind" IN ('wallet', 'wallet-paid') LIMIT 1), 'USD')
WHERE "entryId" IS NOT NULL;
-- The statement of one currency, page by page (and the CSV's, oldest first).
CREATE INDEX "WalletTransaction_userId_currency_id_idx" ON "WalletTransaction"("userId", "currency", "id");
