-- Group orders (docs/architecture.md "Group orders"): a shared cart reached by an unguessable
-- token, its participants and their lines; on the placed order, the host's name and who added
-- each line (the receipt's per-person subtotals).
-- Twin of the SQLite migration.
ALTER TABLE "Order" ADD COLUMN "groupHostName" TEXT;
ALTER TABLE "OrderItem" ADD COLUMN "addedBy" TEXT;

CREATE TABLE "GroupOrder" (
    "id" SERIAL PRIMARY KEY,
    "token" TEXT NOT NULL,
    "hostId" INTEGER NOT NULL,
    "restaurantId" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open' CHECK ("status" IN ('open', 'locked', 'placed', 'canceled')),
    "deadline" TIMESTAMP(3),
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "lockedAt" TIMESTAMP(3),
    "orderId" INTEGER,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "GroupOrder_hostId_fkey" FOREIGN KEY ("hostId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "GroupOrder_restaurantId_fkey" FOREIGN KEY ("restaurantId") REFERENCES "Restaurant" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "GroupOrder_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "GroupOrder_token_key" ON "GroupOrder"("token");
CREATE UNIQUE INDEX "GroupOrder_orderId_key" ON "GroupOrder"("orderId");
CREATE INDEX "GroupOrder_hostId_createdAt_idx" ON "GroupOrder"("hostId", "createdAt");
CREATE INDEX "GroupOrder_restaurantId_idx" ON "GroupOrder"("restaurantId");

CREATE TABLE "GroupParticipant" (
    "id" SERIAL PRIMARY KEY,
    "groupId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "displayName" TEXT NOT NULL,
    "joinedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "GroupParticipant_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "GroupOrder" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "GroupParticipant_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "GroupParticipant_groupId_userId_key" ON "GroupParticipant"("groupId", "userId");
CREATE INDEX "GroupParticipant_userId_idx" ON "GroupParticipant"("userId");

CREATE TABLE "GroupLine" (
    "id" SERIAL PRIMARY KEY,
    "groupId" INTEGER NOT NULL,
    "participantId" INTEGER NOT NULL,
    "menuItemId" INTEGER NOT NULL,
    "quantity" INTEGER NOT NULL CHECK ("quantity" BETWEEN 1 AND 20),
    "options" TEXT NOT NULL DEFAULT '[]',
    "instructions" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "GroupLine_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "GroupOrder" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "GroupLine_participantId_fkey" FOREIGN KEY ("participantId") REFERENCES "GroupParticipant" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "GroupLine_menuItemId_fkey" FOREIGN KEY ("menuItemId") REFERENCES "MenuItem" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "GroupLine_groupId_id_idx" ON "GroupLine"("groupId", "id");
CREATE INDEX "GroupLine_participantId_idx" ON "GroupLine"("participantId");
CREATE INDEX "GroupLine_menuItemId_idx" ON "GroupLine"("menuItemId");
