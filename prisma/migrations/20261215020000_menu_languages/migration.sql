-- Menus in several languages (docs/architecture/languages.md "Menus in several languages"): a
-- dish's, section's, option group's and option's own words in each language besides the original,
-- as JSON on the row itself ({"es": {"name": "...", "description": "..."}}), so every read that
-- already reads the row reads its translations with it (no join, no extra query). Added columns:
-- the tables keep their catalog triggers, which move the versions on any update.
ALTER TABLE "MenuItem" ADD COLUMN "translations" TEXT NOT NULL DEFAULT '{}';
ALTER TABLE "MenuSection" ADD COLUMN "translations" TEXT NOT NULL DEFAULT '{}';
ALTER TABLE "OptionGroup" ADD COLUMN "translations" TEXT NOT NULL DEFAULT '{}';
ALTER TABLE "MenuOption" ADD COLUMN "translations" TEXT NOT NULL DEFAULT '{}';

-- Search matches a dish's translated name and description too: "translatedText" is every
-- translation's text, one a line, computed by the database from "translations" (a virtual
-- generated column: never stored, never out of step, whoever writes), and the FTS5 index gains it
-- as a third column. Its languages are lib/i18n/locale.ts LOCALES besides English: a new one
-- needs a migration adding it here (PostgreSQL's twin reads every language).
ALTER TABLE "MenuItem" ADD COLUMN "translatedText" TEXT GENERATED ALWAYS AS (
    CASE WHEN json_valid("translations") THEN
        coalesce(json_extract("translations", '$.es.name'), '') || char(10)
        || coalesce(json_extract("translations", '$.es.description'), '') || char(10)
        || coalesce(json_extract("translations", '$.fr.name'), '') || char(10)
        || coalesce(json_extract("translations", '$.fr.description'), '')
    ELSE '' END
) VIRTUAL;

-- The dish index again, with the translations (migration 20261124090000_search: same tokenizer).
DROP TRIGGER "MenuItem_search_insert";
DROP TRIGGER "MenuItem_search_delete";
DROP TRIGGER "MenuItem_search_update";
DROP TABLE "MenuItemSearch";

CREATE VIRTUAL TABLE "MenuItemSearch" USING fts5(
    "name", "description", "translatedText",
    content = 'MenuItem', content_rowid = 'id', tokenize = 'trigram remove_diacritics 1'
);
INSERT INTO "MenuItemSearch" ("MenuItemSearch") VALUES ('rebuild');

CREATE TRIGGER "MenuItem_search_insert" AFTER INSERT ON "MenuItem" BEGIN
    INSERT INTO "MenuItemSearch" ("rowid", "name", "description", "translatedText") VALUES (new."id", new."name", new."description", new."translatedText");
END;

CREATE TRIGGER "MenuItem_search_delete" AFTER DELETE ON "MenuItem" BEGIN
    INSERT INTO "MenuItemSearch" ("MenuItemSearch", "rowid", "name", "description", "translatedText") VALUES ('delete', old."id", old."name", old."description", old."translatedText");
END;

CREATE TRIGGER "MenuItem_search_update" AFTER UPDATE OF "id", "name", "description", "translations" ON "MenuItem" BEGIN
    INSERT INTO "MenuItemSearch" ("MenuItemSearch", "rowid", "name", "description", "translatedText") VALUES ('delete', old."id", old."name", old."description", old."translatedText");
    INSERT INTO "MenuItemSearch" ("rowid", "name", "description", "translatedText") VALUES (new."id", new."name", new."description", new."translatedText");
END;
