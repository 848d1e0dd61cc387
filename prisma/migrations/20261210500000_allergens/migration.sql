-- Issue 63 item 2 (docs/architecture/allergens.md): a dish's allergens, "may contain" allergens and
-- diet labels as bitmasks over the lists in lib/shared/allergens.ts, its free "may contain" note, and
-- the allergens a customer avoids. Added columns: MenuItem keeps its search and catalog triggers.
ALTER TABLE "MenuItem" ADD COLUMN "allergens" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "MenuItem" ADD COLUMN "mayContain" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "MenuItem" ADD COLUMN "mayContainNote" TEXT NOT NULL DEFAULT '';
ALTER TABLE "MenuItem" ADD COLUMN "dietLabels" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "User" ADD COLUMN "avoidAllergens" INTEGER NOT NULL DEFAULT 0;
