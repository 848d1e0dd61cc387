-- Payout onboarding at the provider (lib/server/payouts/onboarding.ts): whether the payee finished
-- the provider's hosted onboarding and what it still needs; the test provider's onboarding link;
-- a scheduled payout skipped because the account is not verified, and why (the balance stays).
ALTER TABLE "PayoutAccount" ADD COLUMN "detailsSubmitted" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "PayoutAccount" ADD COLUMN "currentlyDue" TEXT NOT NULL DEFAULT '[]';
ALTER TABLE "TestProviderPayoutAccount" ADD COLUMN "detailsSubmitted" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "TestProviderPayoutAccount" ADD COLUMN "currentlyDue" TEXT NOT NULL DEFAULT '[]';
ALTER TABLE "TestProviderPayoutAccount" ADD COLUMN "linkToken" TEXT;
ALTER TABLE "TestProviderPayoutAccount" ADD COLUMN "returnUrl" TEXT;
ALTER TABLE "TestProviderPayoutAccount" ADD COLUMN "refreshUrl" TEXT;
ALTER TABLE "TestProviderPayoutAccount" ADD COLUMN "linkExpiresAt" TIMESTAMP(3);
CREATE UNIQUE INDEX "TestProviderPayoutAccount_linkToken_key" ON "TestProviderPayoutAccount"("linkToken");
ALTER TABLE "PayoutSchedule" ADD COLUMN "skippedReason" TEXT;
