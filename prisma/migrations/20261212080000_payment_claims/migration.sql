-- A payment claimed by one request before the provider is called (lib/server/payments/claims.ts):
-- a 3-D Secure authorization brought back to checkout twice places one order and voids nothing;
-- a held order paid with another card twice authorizes and captures one card once.
ALTER TABLE "Payment" ADD COLUMN "claimedAt" DATETIME;
ALTER TABLE "Payment" ADD COLUMN "claims" INTEGER NOT NULL DEFAULT 0;
