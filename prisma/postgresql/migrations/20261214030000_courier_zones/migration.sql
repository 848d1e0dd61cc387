-- Scheduled hours by zone (docs/architecture/dispatch-matching.md "Scheduled hours by zone"): the zones an
-- operator draws (a polygon, and the couriers needed each hour of the market's day), and the
-- places couriers book in them. A block's places are numbered: (zone, hour, place) is unique, so
-- two couriers racing for the last place cannot both hold it; a courier holds one block an hour.
CREATE TABLE "CourierZone" (
    "id" SERIAL NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "polygon" TEXT NOT NULL,
    "needs" TEXT NOT NULL,
    "updatedById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE TABLE "ZoneBooking" (
    "id" SERIAL NOT NULL PRIMARY KEY,
    "zoneId" INTEGER NOT NULL,
    "courierId" INTEGER NOT NULL,
    "startsAt" TIMESTAMP(3) NOT NULL,
    "place" INTEGER NOT NULL CHECK ("place" >= 1),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ZoneBooking_zoneId_fkey" FOREIGN KEY ("zoneId") REFERENCES "CourierZone"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "ZoneBooking_zoneId_startsAt_place_key" ON "ZoneBooking"("zoneId", "startsAt", "place");
CREATE UNIQUE INDEX "ZoneBooking_courierId_startsAt_key" ON "ZoneBooking"("courierId", "startsAt");
CREATE INDEX "ZoneBooking_startsAt_idx" ON "ZoneBooking"("startsAt");
