-- Menus in several languages (docs/architecture/languages.md "Menus in several languages"): a
-- dish's, section's, option group's and option's own words in each language besides the original,
-- as JSON on the row itself ({"es": {"name": "...", "description": "..."}}), so every read that
-- already reads the row reads its translations with it (no join, no extra query). Twin of the
-- SQLite migration; the tables keep their catalog triggers.
ALTER TABLE "MenuItem" ADD COLUMN "translations" TEXT NOT NULL DEFAULT '{}';
ALTER TABLE "MenuSection" ADD COLUMN "translations" TEXT NOT NULL DEFAULT '{}';
ALTER TABLE "OptionGroup" ADD COLUMN "translations" TEXT NOT NULL DEFAULT '{}';
ALTER TABLE "MenuOption" ADD COLUMN "translations" TEXT NOT NULL DEFAULT '{}';

-- Search matches a dish's translated name and description too: the dish's trigram index covers
-- "nosh_translated_text"("translations"), every translation's text one a line (SQLite's twin: the
-- generated column "translatedText"), kept by PostgreSQL with the row, whoever writes.
CREATE FUNCTION "nosh_translated_text"(text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT coalesce(string_agg(f."value", E'\n'), '') FROM jsonb_each(coalesce($1, '{}')::jsonb) AS l, jsonb_each_text(CASE WHEN jsonb_typeof(l."value") = 'object' THEN l."value" ELSE '{}'::jsonb END) AS f $$;

-- The dish index again, with the translations (migration 20261124090000_search: same folding).
DROP INDEX "MenuItem_search";
CREATE INDEX "MenuItem_search" ON "MenuItem" USING GIN ("nosh_fold"("name" || ' ' || "description" || ' ' || "nosh_translated_text"("translations")) gin_trgm_ops);
