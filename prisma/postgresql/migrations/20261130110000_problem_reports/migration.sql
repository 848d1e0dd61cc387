-- Twin of the SQLite migration. Problem reports (issue 40, docs/architecture/problem-reports.md): a customer's "Something wrong
-- with your order?" and its lines. At most one open report per order: a partial unique index.
CREATE TABLE "ProblemReport" (
    "id" SERIAL PRIMARY KEY,
    "orderId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "restaurantId" INTEGER,
    "status" TEXT NOT NULL DEFAULT 'pending' CHECK ("status" IN ('pending','escalated','appealed','approved','partially_approved','declined')),
    "late" BOOLEAN NOT NULL DEFAULT false,
    "photo" TEXT,
    "requestedCents" INTEGER NOT NULL DEFAULT 0 CHECK ("requestedCents" >= 0),
    "refundCents" INTEGER NOT NULL DEFAULT 0 CHECK ("refundCents" >= 0),
    "frontedCents" INTEGER NOT NULL DEFAULT 0 CHECK ("frontedCents" >= 0),
    "decidedBy" TEXT CHECK ("decidedBy" IS NULL OR "decidedBy" IN ('auto','owner','operator')),
    "deciderId" INTEGER,
    "declineReason" TEXT,
    "appealNote" TEXT,
    "respondBy" TIMESTAMP(3) NOT NULL,
    "escalatedAt" TIMESTAMP(3),
    "appealedAt" TIMESTAMP(3),
    "decidedAt" TIMESTAMP(3),
    "entryId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ProblemReport_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "ProblemReport_orderId_idx" ON "ProblemReport"("orderId");
CREATE INDEX "ProblemReport_restaurantId_status_idx" ON "ProblemReport"("restaurantId", "status");
CREATE INDEX "ProblemReport_status_respondBy_idx" ON "ProblemReport"("status", "respondBy");
CREATE INDEX "ProblemReport_userId_decidedBy_decidedAt_idx" ON "ProblemReport"("userId", "decidedBy", "decidedAt");
CREATE UNIQUE INDEX "ProblemReport_open_per_order_key" ON "ProblemReport"("orderId") WHERE "status" IN ('pending','escalated','appealed');

CREATE TABLE "ProblemLine" (
    "id" SERIAL PRIMARY KEY,
    "problemId" INTEGER NOT NULL,
    "orderItemId" INTEGER NOT NULL,
    "quantity" INTEGER NOT NULL CHECK ("quantity" > 0),
    "reason" TEXT NOT NULL CHECK ("reason" IN ('missing','wrong_item','damaged','cold','other','late')),
    "note" TEXT,
    "amountCents" INTEGER NOT NULL CHECK ("amountCents" >= 0),
    "approvedQuantity" INTEGER NOT NULL DEFAULT 0 CHECK ("approvedQuantity" >= 0 AND "approvedQuantity" <= "quantity"),
    CONSTRAINT "ProblemLine_problemId_fkey" FOREIGN KEY ("problemId") REFERENCES "ProblemReport" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "ProblemLine_problemId_idx" ON "ProblemLine"("problemId");
CREATE INDEX "ProblemLine_orderItemId_idx" ON "ProblemLine"("orderItemId");
