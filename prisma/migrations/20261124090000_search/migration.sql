-- Search (docs/architecture.md#search): FTS5 indexes of the searchable text of restaurants
-- and dishes, kept exact by the database itself. External-content tables (the text stays in
-- "Restaurant" and "MenuItem"; the index holds only the trigrams) updated by triggers in the
-- same transaction as every insert, update and delete, whoever writes: any process, any
-- instance on the same file, raw SQL included. A new or renamed dish is findable on the next
-- request. The trigram tokenizer matches any substring of 3+ characters ("rami" in
-- "Tiramisu"), ignoring case, and remove_diacritics folds accents ("creme" finds "Crème").
-- A future migration that rebuilds "Restaurant" or "MenuItem" (SQLite's copy-and-rename) must
-- recreate these triggers and run the 'rebuild' commands below again.
CREATE VIRTUAL TABLE "RestaurantSearch" USING fts5(
    "name", "cuisineType", "description",
    content = 'Restaurant', content_rowid = 'id', tokenize = 'trigram remove_diacritics 1'
);
INSERT INTO "RestaurantSearch" ("RestaurantSearch") VALUES ('rebuild');

CREATE VIRTUAL TABLE "MenuItemSearch" USING fts5(
    "name", "description",
    content = 'MenuItem', content_rowid = 'id', tokenize = 'trigram remove_diacritics 1'
);
INSERT INTO "MenuItemSearch" ("MenuItemSearch") VALUES ('rebuild');

CREATE TRIGGER "Restaurant_search_insert" AFTER INSERT ON "Restaurant" BEGIN
    INSERT INTO "RestaurantSearch" ("rowid", "name", "cuisineType", "description") VALUES (new."id", new."name", new."cuisineType", new."description");
END;

CREATE TRIGGER "Restaurant_search_delete" AFTER DELETE ON "Restaurant" BEGIN
    INSERT INTO "RestaurantSearch" ("RestaurantSearch", "rowid", "name", "cuisineType", "description") VALUES ('delete', old."id", old."name", old."cuisineType", old."description");
END;

CREATE TRIGGER "Restaurant_search_update" AFTER UPDATE OF "id", "name", "cuisineType", "description" ON "Restaurant" BEGIN
    INSERT INTO "RestaurantSearch" ("RestaurantSearch", "rowid", "name", "cuisineType", "description") VALUES ('delete', old."id", old."name", old."cuisineType", old."description");
    INSERT INTO "RestaurantSearch" ("rowid", "name", "cuisineType", "description") VALUES (new."id", new."name", new."cuisineType", new."description");
END;

CREATE TRIGGER "MenuItem_search_insert" AFTER INSERT ON "MenuItem" BEGIN
    INSERT INTO "MenuItemSearch" ("rowid", "name", "description") VALUES (new."id", new."name", new."description");
END;

CREATE TRIGGER "MenuItem_search_delete" AFTER DELETE ON "MenuItem" BEGIN
    INSERT INTO "MenuItemSearch" ("MenuItemSearch", "rowid", "name", "description") VALUES ('delete', old."id", old."name", old."description");
END;

CREATE TRIGGER "MenuItem_search_update" AFTER UPDATE OF "id", "name", "description" ON "MenuItem" BEGIN
    INSERT INTO "MenuItemSearch" ("MenuItemSearch", "rowid", "name", "description") VALUES ('delete', old."id", old."name", old."description");
    INSERT INTO "MenuItemSearch" ("rowid", "name", "description") VALUES (new."id", new."name", new."description");
END;

-- Queries of one or two characters (the search box's first keystrokes) match the beginning of
-- names: a range of this index (MenuItem has one on "name" already).
CREATE INDEX "Restaurant_name_idx" ON "Restaurant"("name");
