-- Issue 59 item 3: the card top-up limits an operator sets (one row; the env values are the defaults until then).
CREATE TABLE "TopUpLimits" (
    "id" INTEGER NOT NULL,
    "minCents" INTEGER NOT NULL,
    "maxCents" INTEGER NOT NULL,
    "dailyMaxCents" INTEGER NOT NULL,
    "updatedById" INTEGER,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TopUpLimits_pkey" PRIMARY KEY ("id")
);
