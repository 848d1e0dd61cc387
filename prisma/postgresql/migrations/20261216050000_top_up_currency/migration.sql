-- A card top-up's currency (docs/architecture/payments.md "Wallet top-ups"): the limits an operator
-- set are one row per currency (the existing row, id 1, is USD's), and a reservation against the
-- day's limit counts in its top-up's currency. Existing rows are USD's.
ALTER TABLE "TopUpLimits" ADD COLUMN "currency" TEXT NOT NULL DEFAULT 'USD' CHECK (length("currency") = 3);
CREATE UNIQUE INDEX "TopUpLimits_currency_key" ON "TopUpLimits"("currency");
ALTER TABLE "TopUpReservation" ADD COLUMN "currency" TEXT NOT NULL DEFAULT 'USD' CHECK (length("currency") = 3);
