-- Courier onboarding (docs/architecture/courier-onboarding.md): the courier's vehicle and background
-- check, and the documents a motor vehicle needs (driving licence, insurance), each reviewed by an
-- operator and counting until its expiry.
CREATE TABLE "CourierProfile" (
    "userId" INTEGER NOT NULL PRIMARY KEY,
    "vehicle" TEXT NOT NULL CHECK ("vehicle" IN ('bike', 'e_bike', 'scooter', 'car')),
    "checkProvider" TEXT NOT NULL,
    "checkRef" TEXT,
    "checkStatus" TEXT NOT NULL DEFAULT 'pending' CHECK ("checkStatus" IN ('pending', 'clear', 'consider', 'failed')),
    "checkedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
CREATE TABLE "CourierDocument" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL CHECK ("kind" IN ('licence', 'insurance')),
    "file" TEXT NOT NULL,
    "expiresOn" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending' CHECK ("status" IN ('pending', 'approved', 'resubmit', 'rejected')),
    "reason" TEXT,
    "reviewedBy" INTEGER,
    "reviewedAt" DATETIME,
    "warnedAt" DATETIME,
    "expiredAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX "CourierDocument_userId_kind_status_idx" ON "CourierDocument"("userId", "kind", "status");
CREATE INDEX "CourierDocument_status_createdAt_idx" ON "CourierDocument"("status", "createdAt");
CREATE INDEX "CourierDocument_status_expiresAt_idx" ON "CourierDocument"("status", "expiresAt");
