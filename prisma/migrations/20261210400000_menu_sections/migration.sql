-- Issue 63 item 1: menu sections (docs/architecture/menu-sections.md). A section is an owner-named,
-- ordered part of a restaurant's menu with an optional time window ("HH:MM" in the restaurant's
-- zone); a dish's placement is its section, its place in it and its place in the featured row.
CREATE TABLE "MenuSection" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "restaurantId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "availableFrom" TEXT,
    "availableUntil" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "MenuSection_restaurantId_fkey" FOREIGN KEY ("restaurantId") REFERENCES "Restaurant" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "MenuSection_restaurantId_position_idx" ON "MenuSection"("restaurantId", "position");

-- Added in place (a redefined MenuItem table would lose its catalog triggers).
ALTER TABLE "MenuItem" ADD COLUMN "sectionId" INTEGER REFERENCES "MenuSection" ("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "MenuItem" ADD COLUMN "sectionPosition" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "MenuItem" ADD COLUMN "featuredPosition" INTEGER;
CREATE INDEX "MenuItem_sectionId_sectionPosition_idx" ON "MenuItem"("sectionId", "sectionPosition");

-- A section shows on its restaurant's page: it is catalog data (catalog-and-caching.md), moving
-- CatalogVersion and its menu's scope in the writing transaction, whoever writes.
CREATE TRIGGER "MenuSection_catalog_insert" AFTER INSERT ON "MenuSection" BEGIN
    INSERT INTO "CatalogVersion" ("id", "version") VALUES (1, 1) ON CONFLICT ("id") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CatalogScope" ("scope", "version") VALUES ('menu:' || NEW."restaurantId", 1) ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "MenuSection_catalog_update" AFTER UPDATE ON "MenuSection" BEGIN
    INSERT INTO "CatalogVersion" ("id", "version") VALUES (1, 1) ON CONFLICT ("id") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CatalogScope" ("scope", "version") VALUES ('menu:' || OLD."restaurantId", 1) ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CatalogScope" ("scope", "version") VALUES ('menu:' || NEW."restaurantId", 1) ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "MenuSection_catalog_delete" AFTER DELETE ON "MenuSection" BEGIN
    INSERT INTO "CatalogVersion" ("id", "version") VALUES (1, 1) ON CONFLICT ("id") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CatalogScope" ("scope", "version") VALUES ('menu:' || OLD."restaurantId", 1) ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1;
END;
