-- Opening hours (lib/shared/opening-hours.ts): the restaurant's IANA time zone, its weekly
-- schedule as JSON text ({ "mon": [{ "open": "11:00", "close": "14:30" }, ...], ... }) and its
-- holiday closures as JSON text ([{ "from": "YYYY-MM-DD", "to": "YYYY-MM-DD" }]), validated on
-- write by lib/validation/restaurant.ts. JSON text rather than tables: they are read and written
-- whole with the restaurant, and evaluated in its zone in JavaScript, never queried by SQL.
ALTER TABLE "Restaurant" ADD COLUMN "timeZone" TEXT NOT NULL DEFAULT 'America/Los_Angeles';
ALTER TABLE "Restaurant" ADD COLUMN "hours" TEXT NOT NULL DEFAULT '';
ALTER TABLE "Restaurant" ADD COLUMN "closures" TEXT NOT NULL DEFAULT '[]';
-- Existing restaurants open every day from 11:00 until their closingTime.
UPDATE "Restaurant" SET "hours" = '{"mon":[{"open":"11:00","close":"' || "closingTime" || '"}],"tue":[{"open":"11:00","close":"' || "closingTime" || '"}],"wed":[{"open":"11:00","close":"' || "closingTime" || '"}],"thu":[{"open":"11:00","close":"' || "closingTime" || '"}],"fri":[{"open":"11:00","close":"' || "closingTime" || '"}],"sat":[{"open":"11:00","close":"' || "closingTime" || '"}],"sun":[{"open":"11:00","close":"' || "closingTime" || '"}]}';
