-- The catalog's version (lib/server/catalog-cache.ts): every insert, update and delete of a
-- restaurant, a menu item or a like moves it, in the same transaction as the write, whoever
-- writes (any process, any instance, raw SQL included). Readers compare it before using what
-- they cached. An upsert, so a missing row (a hand-emptied table) is recreated, never silently
-- left unchanged.
-- CreateTable
CREATE TABLE "CatalogVersion" (
    "id" INTEGER NOT NULL PRIMARY KEY,
    "version" INTEGER NOT NULL DEFAULT 0
);
INSERT INTO "CatalogVersion" ("id", "version") VALUES (1, 0);

CREATE TRIGGER "Restaurant_catalog_insert" AFTER INSERT ON "Restaurant" BEGIN
    INSERT INTO "CatalogVersion" ("id", "version") VALUES (1, 1) ON CONFLICT ("id") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Restaurant_catalog_update" AFTER UPDATE ON "Restaurant" BEGIN
    INSERT INTO "CatalogVersion" ("id", "version") VALUES (1, 1) ON CONFLICT ("id") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Restaurant_catalog_delete" AFTER DELETE ON "Restaurant" BEGIN
    INSERT INTO "CatalogVersion" ("id", "version") VALUES (1, 1) ON CONFLICT ("id") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "MenuItem_catalog_insert" AFTER INSERT ON "MenuItem" BEGIN
    INSERT INTO "CatalogVersion" ("id", "version") VALUES (1, 1) ON CONFLICT ("id") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "MenuItem_catalog_update" AFTER UPDATE ON "MenuItem" BEGIN
    INSERT INTO "CatalogVersion" ("id", "version") VALUES (1, 1) ON CONFLICT ("id") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "MenuItem_catalog_delete" AFTER DELETE ON "MenuItem" BEGIN
    INSERT INTO "CatalogVersion" ("id", "version") VALUES (1, 1) ON CONFLICT ("id") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Like_catalog_insert" AFTER INSERT ON "Like" BEGIN
    INSERT INTO "CatalogVersion" ("id", "version") VALUES (1, 1) ON CONFLICT ("id") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Like_catalog_update" AFTER UPDATE ON "Like" BEGIN
    INSERT INTO "CatalogVersion" ("id", "version") VALUES (1, 1) ON CONFLICT ("id") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Like_catalog_delete" AFTER DELETE ON "Like" BEGIN
    INSERT INTO "CatalogVersion" ("id", "version") VALUES (1, 1) ON CONFLICT ("id") DO UPDATE SET "version" = "version" + 1;
END;
