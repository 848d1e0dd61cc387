-- Memberships (docs/architecture/membership.md): plans per market, one live membership per user
-- (the partial unique index), and what each member's order saved. The charges are Payment rows
-- (purpose 'membership', listed in MembershipCharge); the money is the ledger's (no new account or entry kind).
CREATE TABLE "MembershipPlan" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "marketId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "priceCents" INTEGER NOT NULL CHECK ("priceCents" > 0),
    "currency" TEXT NOT NULL,
    "basketCents" INTEGER NOT NULL CHECK ("basketCents" >= 0),
    "serviceFeeDiscountPercent" INTEGER NOT NULL CHECK ("serviceFeeDiscountPercent" BETWEEN 0 AND 100),
    "trialDays" INTEGER NOT NULL DEFAULT 0 CHECK ("trialDays" >= 0),
    "retiredAt" DATETIME,
    "createdById" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX "MembershipPlan_marketId_idx" ON "MembershipPlan"("marketId");

CREATE TABLE "Membership" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "planId" INTEGER NOT NULL,
    "provider" TEXT NOT NULL,
    "subscriptionId" TEXT NOT NULL,
    "cardId" INTEGER,
    "status" TEXT NOT NULL CHECK ("status" IN ('pending','trialing','active','past_due','ended')),
    "period" INTEGER NOT NULL DEFAULT 0,
    "periodStart" DATETIME NOT NULL,
    "periodEnd" DATETIME NOT NULL,
    "nextChargeAt" DATETIME,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "graceEndsAt" DATETIME,
    "claimedUntil" DATETIME,
    "canceledAt" DATETIME,
    "endedAt" DATETIME,
    "endReason" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX "Membership_userId_idx" ON "Membership"("userId");
CREATE INDEX "Membership_planId_idx" ON "Membership"("planId");
CREATE INDEX "Membership_nextChargeAt_idx" ON "Membership"("nextChargeAt");
CREATE UNIQUE INDEX "Membership_live_user_key" ON "Membership"("userId") WHERE "endedAt" IS NULL;

CREATE TABLE "MemberBenefit" (
    "orderId" INTEGER NOT NULL PRIMARY KEY,
    "membershipId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "deliveryCents" INTEGER NOT NULL CHECK ("deliveryCents" >= 0),
    "serviceFeeCents" INTEGER NOT NULL CHECK ("serviceFeeCents" >= 0),
    "currency" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX "MemberBenefit_membershipId_idx" ON "MemberBenefit"("membershipId");

-- A membership's paid periods: each its card Payment (purpose 'membership'), one per period.
CREATE TABLE "MembershipCharge" (
    "paymentId" INTEGER NOT NULL PRIMARY KEY,
    "membershipId" INTEGER NOT NULL,
    "period" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE UNIQUE INDEX "MembershipCharge_membershipId_period_key" ON "MembershipCharge"("membershipId", "period");
