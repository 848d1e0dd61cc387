-- Issue 59: an operator resolves a reconciliation difference with a note (who and when; the audit log keeps it too).
ALTER TABLE "ReconciliationIssue" ADD COLUMN "resolvedById" INTEGER;
ALTER TABLE "ReconciliationIssue" ADD COLUMN "resolutionNote" TEXT;
