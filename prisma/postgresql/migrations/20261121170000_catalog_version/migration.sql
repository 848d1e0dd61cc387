-- The catalog's version (lib/server/catalog-cache.ts): every insert, update and delete of a
-- restaurant, a menu item or a like moves it, in the same transaction as the write, whoever
-- writes (any process, any instance, raw SQL included). Readers compare it before using what
-- they cached. Statement-level triggers: one bump per statement, however many rows. The row
-- lock serializes catalog writes (owner edits, reviews, likes), which are rare next to reads.
-- CreateTable
CREATE TABLE "CatalogVersion" (
    "id" INTEGER NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "CatalogVersion_pkey" PRIMARY KEY ("id")
);
INSERT INTO "CatalogVersion" ("id", "version") VALUES (1, 0);

CREATE FUNCTION "nosh_bump_catalog_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO "CatalogVersion" ("id", "version") VALUES (1, 1)
    ON CONFLICT ("id") DO UPDATE SET "version" = "CatalogVersion"."version" + 1;
    RETURN NULL;
END
$$;

CREATE TRIGGER "Restaurant_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Restaurant"
    FOR EACH STATEMENT EXECUTE FUNCTION "nosh_bump_catalog_version"();

CREATE TRIGGER "MenuItem_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "MenuItem"
    FOR EACH STATEMENT EXECUTE FUNCTION "nosh_bump_catalog_version"();

CREATE TRIGGER "Like_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Like"
    FOR EACH STATEMENT EXECUTE FUNCTION "nosh_bump_catalog_version"();
