-- Issue 63 item 1: menu sections (docs/architecture/menu-sections.md). A section is an owner-named,
-- ordered part of a restaurant's menu with an optional time window ("HH:MM" in the restaurant's
-- zone); a dish's placement is its section, its place in it and its place in the featured row.
-- Twin of the SQLite migration.
CREATE TABLE "MenuSection" (
    "id" SERIAL PRIMARY KEY,
    "restaurantId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "availableFrom" TEXT,
    "availableUntil" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "MenuSection_restaurantId_fkey" FOREIGN KEY ("restaurantId") REFERENCES "Restaurant" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "MenuSection_restaurantId_position_idx" ON "MenuSection"("restaurantId", "position");

ALTER TABLE "MenuItem" ADD COLUMN "sectionId" INTEGER;
ALTER TABLE "MenuItem" ADD COLUMN "sectionPosition" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "MenuItem" ADD COLUMN "featuredPosition" INTEGER;
ALTER TABLE "MenuItem" ADD CONSTRAINT "MenuItem_sectionId_fkey" FOREIGN KEY ("sectionId") REFERENCES "MenuSection" ("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "MenuItem_sectionId_sectionPosition_idx" ON "MenuItem"("sectionId", "sectionPosition");

-- A section shows on its restaurant's page: it is catalog data (catalog-and-caching.md), moving
-- CatalogVersion and its menu's scope in the writing transaction, whoever writes.
CREATE TRIGGER "MenuSection_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "MenuSection"
    FOR EACH STATEMENT EXECUTE FUNCTION "nosh_bump_catalog_version"();

CREATE FUNCTION "nosh_catalog_scopes_MenuSection"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM "nosh_bump_catalog_scopes"(ARRAY['menu:' || NEW."restaurantId"]);
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM "nosh_bump_catalog_scopes"(ARRAY['menu:' || OLD."restaurantId"]);
    ELSE
        PERFORM "nosh_bump_catalog_scopes"(ARRAY['menu:' || OLD."restaurantId", 'menu:' || NEW."restaurantId"]);
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER "MenuSection_catalog_scopes" AFTER INSERT OR UPDATE OR DELETE ON "MenuSection"
    FOR EACH ROW EXECUTE FUNCTION "nosh_catalog_scopes_MenuSection"();
CREATE TRIGGER "MenuSection_catalog_scopes_truncate" AFTER TRUNCATE ON "MenuSection"
    FOR EACH STATEMENT EXECUTE FUNCTION "nosh_bump_every_catalog_scope"();
