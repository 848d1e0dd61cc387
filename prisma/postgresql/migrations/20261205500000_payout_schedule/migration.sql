-- Issue 52 items 7 and 9 (docs/architecture/ledger.md "Payouts", problem-reports.md): a
-- restaurant's weekly payout day, with the day the scheduled job last asked for it (claimed
-- once across instances), and the operators' history of decided problem reports by decidedAt.
CREATE TABLE "PayoutSchedule" (
    "restaurantId" INTEGER NOT NULL,
    "weekday" INTEGER NOT NULL,
    "lastDay" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PayoutSchedule_pkey" PRIMARY KEY ("restaurantId")
);
ALTER TABLE "PayoutSchedule" ADD CONSTRAINT "PayoutSchedule_restaurantId_fkey" FOREIGN KEY ("restaurantId") REFERENCES "Restaurant"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "ProblemReport_decidedAt_idx" ON "ProblemReport"("decidedAt");
