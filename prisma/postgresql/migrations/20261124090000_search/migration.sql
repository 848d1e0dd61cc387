-- Search (docs/architecture.md#search): trigram GIN indexes (pg_trgm) over the folded text of
-- restaurants and dishes. Indexes are kept exact by PostgreSQL in the same transaction as
-- every write, whoever writes, so a new or renamed dish is findable on the next request.
-- "nosh_fold" is lower(unaccent(text)) declared IMMUTABLE (unaccent itself is only STABLE,
-- because its dictionary could change; ours is the extension's fixed one, named explicitly),
-- so it can be indexed: "creme" finds "Crème". A LIKE '%word%' on the folded text uses the
-- "..._search" index (substrings: "rami" in "Tiramisu", prefixes: "bur"); the "..._name_trgm"
-- indexes answer the typo search (word_similarity, the <% operator: "piza" -> "pizza").
-- Both extensions ship with PostgreSQL's contrib packages and are trusted (no superuser needed).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS unaccent;

CREATE FUNCTION "nosh_fold"(text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $$ SELECT lower(unaccent('unaccent'::regdictionary, $1)) $$;

CREATE INDEX "Restaurant_search" ON "Restaurant" USING GIN ("nosh_fold"("name" || ' ' || "cuisineType" || ' ' || "description") gin_trgm_ops);
CREATE INDEX "Restaurant_name_trgm" ON "Restaurant" USING GIN ("nosh_fold"("name") gin_trgm_ops);
CREATE INDEX "MenuItem_search" ON "MenuItem" USING GIN ("nosh_fold"("name" || ' ' || "description") gin_trgm_ops);
CREATE INDEX "MenuItem_name_trgm" ON "MenuItem" USING GIN ("nosh_fold"("name") gin_trgm_ops);

-- Queries of one or two characters (the search box's first keystrokes) match the beginning of
-- names: a range of this index (MenuItem has one on "name" already).
CREATE INDEX "Restaurant_name_idx" ON "Restaurant"("name");
