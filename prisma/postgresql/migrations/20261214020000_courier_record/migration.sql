-- A courier's record (docs/architecture/courier-screens.md "Record"): warnings and suspensions with the rule
-- that led to them, and a suspended courier's appeal (at most one open per courier).
CREATE TABLE "CourierStanding" (
    "id" SERIAL NOT NULL,
    "courierId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL CHECK ("kind" IN ('warning', 'suspension')),
    "rule" TEXT,
    "safety" BOOLEAN NOT NULL DEFAULT false,
    "reason" TEXT NOT NULL,
    "operatorId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CourierStanding_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "CourierStanding_courierId_createdAt_idx" ON "CourierStanding"("courierId", "createdAt");
CREATE TABLE "CourierAppeal" (
    "id" SERIAL NOT NULL,
    "courierId" INTEGER NOT NULL,
    "standingId" INTEGER,
    "note" TEXT NOT NULL,
    "evidence" TEXT,
    "status" TEXT NOT NULL DEFAULT 'open' CHECK ("status" IN ('open', 'upheld', 'overturned')),
    "answerBy" TIMESTAMP(3) NOT NULL,
    "answer" TEXT,
    "answeredAt" TIMESTAMP(3),
    "operatorId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CourierAppeal_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "CourierAppeal_status_answerBy_idx" ON "CourierAppeal"("status", "answerBy");
CREATE INDEX "CourierAppeal_courierId_createdAt_idx" ON "CourierAppeal"("courierId", "createdAt");
CREATE UNIQUE INDEX "CourierAppeal_open_courier_key" ON "CourierAppeal"("courierId") WHERE "status" = 'open';
