-- Markets and currencies (docs/architecture/languages.md "Markets and currencies"): a market has a
-- currency (ISO 4217, lib/shared/currency.ts), a time zone its new restaurants start in, a tax setup,
-- distance units and languages. Market 1 is today's: every restaurant belongs to it, and every order,
-- payment, ledger entry and account, and payout from before is in its currency, USD.
CREATE TABLE "Market" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "currency" TEXT NOT NULL CHECK (length("currency") = 3),
    "timeZone" TEXT NOT NULL,
    "distanceUnit" TEXT NOT NULL DEFAULT 'km' CHECK ("distanceUnit" IN ('km','mi')),
    "languages" TEXT NOT NULL DEFAULT 'en',
    "taxSetup" TEXT NOT NULL DEFAULT 'sales_tax' CHECK ("taxSetup" IN ('sales_tax','none')),
    "createdById" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE UNIQUE INDEX "Market_code_key" ON "Market"("code");
INSERT INTO "Market" ("id", "code", "name", "currency", "timeZone", "distanceUnit", "languages", "taxSetup")
VALUES (1, 'default', 'San Francisco Bay Area', 'USD', 'America/Los_Angeles', 'km', 'en,es,fr', 'sales_tax');
-- A restaurant's market (no foreign key in the database: SQLite adds a column with one only
-- defaulting to NULL; the API checks the market exists). Its orders are in the market's currency.
ALTER TABLE "Restaurant" ADD COLUMN "marketId" INTEGER NOT NULL DEFAULT 1;
CREATE INDEX "Restaurant_marketId_idx" ON "Restaurant"("marketId");

-- The currency of an order (its restaurant's market's at checkout: never mixed), of a card payment
-- (told to the provider), of a ledger entry (every line of it) and account, and of a payout.
ALTER TABLE "Order" ADD COLUMN "currency" TEXT NOT NULL DEFAULT 'USD';
ALTER TABLE "Payment" ADD COLUMN "currency" TEXT NOT NULL DEFAULT 'USD';
ALTER TABLE "LedgerEntry" ADD COLUMN "currency" TEXT NOT NULL DEFAULT 'USD';
ALTER TABLE "LedgerAccount" ADD COLUMN "currency" TEXT NOT NULL DEFAULT 'USD';
ALTER TABLE "Payout" ADD COLUMN "currency" TEXT NOT NULL DEFAULT 'USD';
ALTER TABLE "TestProviderIntent" ADD COLUMN "currency" TEXT NOT NULL DEFAULT 'USD';
ALTER TABLE "TestProviderPayout" ADD COLUMN "currency" TEXT NOT NULL DEFAULT 'USD';
-- The operator's reports per currency: the accounts of one currency summed.
CREATE INDEX "LedgerAccount_currency_kind_idx" ON "LedgerAccount"("currency", "kind");
