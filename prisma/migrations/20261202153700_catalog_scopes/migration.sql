-- Catalog scopes (docs/architecture/catalog-and-caching.md "Scopes"): a version per part of the
-- catalog a page shows, so that a write throws away only the kept pages that show what it wrote.
-- Moved by triggers in the writing transaction, whoever writes, beside CatalogVersion (which
-- every catalog write still moves, for the in-memory reads and the shared API answers):
--   'restaurants'      any restaurant row (the lists: /home, the cuisines, a card's rating, hours, photo);
--   'restaurant:<id>'  that restaurant's row (its page's header, a dish page's "from", open, servicing);
--   'menu:<id>'        that restaurant's menu: its dishes, their option groups and options, their likes;
--   'dish:<id>'        that dish, its option groups and options, its likes.
-- A missing row is version 0; the first write makes it 1.
CREATE TABLE "CatalogScope" (
    "scope" TEXT NOT NULL PRIMARY KEY,
    "version" INTEGER NOT NULL DEFAULT 0
);

CREATE TRIGGER "Restaurant_catalog_scope_insert" AFTER INSERT ON "Restaurant" BEGIN
    INSERT INTO "CatalogScope" ("scope", "version") VALUES ('restaurants', 1) ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CatalogScope" ("scope", "version") VALUES ('restaurant:' || NEW."id", 1) ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Restaurant_catalog_scope_update" AFTER UPDATE ON "Restaurant" BEGIN
    INSERT INTO "CatalogScope" ("scope", "version") VALUES ('restaurants', 1) ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CatalogScope" ("scope", "version") VALUES ('restaurant:' || OLD."id", 1) ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CatalogScope" ("scope", "version") VALUES ('restaurant:' || NEW."id", 1) ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Restaurant_catalog_scope_delete" AFTER DELETE ON "Restaurant" BEGIN
    INSERT INTO "CatalogScope" ("scope", "version") VALUES ('restaurants', 1) ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CatalogScope" ("scope", "version") VALUES ('restaurant:' || OLD."id", 1) ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "MenuItem_catalog_scope_insert" AFTER INSERT ON "MenuItem" BEGIN
    INSERT INTO "CatalogScope" ("scope", "version") VALUES ('menu:' || NEW."restaurantId", 1) ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CatalogScope" ("scope", "version") VALUES ('dish:' || NEW."id", 1) ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "MenuItem_catalog_scope_update" AFTER UPDATE ON "MenuItem" BEGIN
    INSERT INTO "CatalogScope" ("scope", "version") VALUES ('menu:' || OLD."restaurantId", 1) ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CatalogScope" ("scope", "version") VALUES ('dish:' || OLD."id", 1) ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CatalogScope" ("scope", "version") VALUES ('menu:' || NEW."restaurantId", 1) ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CatalogScope" ("scope", "version") VALUES ('dish:' || NEW."id", 1) ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "MenuItem_catalog_scope_delete" AFTER DELETE ON "MenuItem" BEGIN
    INSERT INTO "CatalogScope" ("scope", "version") VALUES ('menu:' || OLD."restaurantId", 1) ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CatalogScope" ("scope", "version") VALUES ('dish:' || OLD."id", 1) ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Like_catalog_scope_insert" AFTER INSERT ON "Like" BEGIN
    INSERT INTO "CatalogScope" ("scope", "version") SELECT 'menu:' || "restaurantId", 1 FROM "MenuItem" WHERE "id" = NEW."menuItemId" ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CatalogScope" ("scope", "version") VALUES ('dish:' || NEW."menuItemId", 1) ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Like_catalog_scope_update" AFTER UPDATE ON "Like" BEGIN
    INSERT INTO "CatalogScope" ("scope", "version") SELECT 'menu:' || "restaurantId", 1 FROM "MenuItem" WHERE "id" = OLD."menuItemId" ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CatalogScope" ("scope", "version") VALUES ('dish:' || OLD."menuItemId", 1) ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CatalogScope" ("scope", "version") SELECT 'menu:' || "restaurantId", 1 FROM "MenuItem" WHERE "id" = NEW."menuItemId" ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CatalogScope" ("scope", "version") VALUES ('dish:' || NEW."menuItemId", 1) ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "Like_catalog_scope_delete" AFTER DELETE ON "Like" BEGIN
    INSERT INTO "CatalogScope" ("scope", "version") SELECT 'menu:' || "restaurantId", 1 FROM "MenuItem" WHERE "id" = OLD."menuItemId" ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CatalogScope" ("scope", "version") VALUES ('dish:' || OLD."menuItemId", 1) ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "OptionGroup_catalog_scope_insert" AFTER INSERT ON "OptionGroup" BEGIN
    INSERT INTO "CatalogScope" ("scope", "version") SELECT 'menu:' || "restaurantId", 1 FROM "MenuItem" WHERE "id" = NEW."menuItemId" ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CatalogScope" ("scope", "version") VALUES ('dish:' || NEW."menuItemId", 1) ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "OptionGroup_catalog_scope_update" AFTER UPDATE ON "OptionGroup" BEGIN
    INSERT INTO "CatalogScope" ("scope", "version") SELECT 'menu:' || "restaurantId", 1 FROM "MenuItem" WHERE "id" = OLD."menuItemId" ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CatalogScope" ("scope", "version") VALUES ('dish:' || OLD."menuItemId", 1) ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CatalogScope" ("scope", "version") SELECT 'menu:' || "restaurantId", 1 FROM "MenuItem" WHERE "id" = NEW."menuItemId" ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CatalogScope" ("scope", "version") VALUES ('dish:' || NEW."menuItemId", 1) ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "OptionGroup_catalog_scope_delete" AFTER DELETE ON "OptionGroup" BEGIN
    INSERT INTO "CatalogScope" ("scope", "version") SELECT 'menu:' || "restaurantId", 1 FROM "MenuItem" WHERE "id" = OLD."menuItemId" ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CatalogScope" ("scope", "version") VALUES ('dish:' || OLD."menuItemId", 1) ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "MenuOption_catalog_scope_insert" AFTER INSERT ON "MenuOption" BEGIN
    INSERT INTO "CatalogScope" ("scope", "version") SELECT 'menu:' || m."restaurantId", 1 FROM "OptionGroup" g JOIN "MenuItem" m ON m."id" = g."menuItemId" WHERE g."id" = NEW."groupId" ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CatalogScope" ("scope", "version") SELECT 'dish:' || "menuItemId", 1 FROM "OptionGroup" WHERE "id" = NEW."groupId" ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "MenuOption_catalog_scope_update" AFTER UPDATE ON "MenuOption" BEGIN
    INSERT INTO "CatalogScope" ("scope", "version") SELECT 'menu:' || m."restaurantId", 1 FROM "OptionGroup" g JOIN "MenuItem" m ON m."id" = g."menuItemId" WHERE g."id" = OLD."groupId" ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CatalogScope" ("scope", "version") SELECT 'dish:' || "menuItemId", 1 FROM "OptionGroup" WHERE "id" = OLD."groupId" ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CatalogScope" ("scope", "version") SELECT 'menu:' || m."restaurantId", 1 FROM "OptionGroup" g JOIN "MenuItem" m ON m."id" = g."menuItemId" WHERE g."id" = NEW."groupId" ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CatalogScope" ("scope", "version") SELECT 'dish:' || "menuItemId", 1 FROM "OptionGroup" WHERE "id" = NEW."groupId" ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1;
END;

CREATE TRIGGER "MenuOption_catalog_scope_delete" AFTER DELETE ON "MenuOption" BEGIN
    INSERT INTO "CatalogScope" ("scope", "version") SELECT 'menu:' || m."restaurantId", 1 FROM "OptionGroup" g JOIN "MenuItem" m ON m."id" = g."menuItemId" WHERE g."id" = OLD."groupId" ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1;
    INSERT INTO "CatalogScope" ("scope", "version") SELECT 'dish:' || "menuItemId", 1 FROM "OptionGroup" WHERE "id" = OLD."groupId" ON CONFLICT ("scope") DO UPDATE SET "version" = "version" + 1;
END;
