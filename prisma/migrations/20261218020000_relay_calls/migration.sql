-- Masked calls between courier and customer (docs/architecture/text-messages.md "Masked calls").
CREATE TABLE "RelayLeg" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "relay" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "jobId" INTEGER NOT NULL,
    "courierId" INTEGER NOT NULL,
    "side" TEXT NOT NULL CHECK ("side" IN ('customer', 'courier')),
    "marketId" INTEGER NOT NULL DEFAULT 1,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE UNIQUE INDEX "RelayLeg_phone_relay_key" ON "RelayLeg"("phone", "relay");
CREATE UNIQUE INDEX "RelayLeg_jobId_side_key" ON "RelayLeg"("jobId", "side");

CREATE TABLE "RelayCall" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "jobId" INTEGER,
    "kind" TEXT NOT NULL CHECK ("kind" IN ('call', 'text')),
    "fromSide" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "providerId" TEXT,
    "durationSeconds" INTEGER,
    "costMicros" INTEGER NOT NULL DEFAULT 0,
    "marketId" INTEGER NOT NULL DEFAULT 1,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "endedAt" DATETIME
);
CREATE UNIQUE INDEX "RelayCall_provider_providerId_key" ON "RelayCall"("provider", "providerId");
CREATE INDEX "RelayCall_jobId_idx" ON "RelayCall"("jobId");
CREATE INDEX "RelayCall_marketId_createdAt_idx" ON "RelayCall"("marketId", "createdAt");
