-- Catalog scopes (docs/architecture/catalog-and-caching.md "Scopes"): a version per part of the
-- catalog a page shows, so that a write throws away only the kept pages that show what it wrote.
-- Moved by triggers in the writing transaction, whoever writes, beside CatalogVersion (which
-- every catalog write still moves, for the in-memory reads and the shared API answers):
--   'restaurants'      any restaurant row (the lists: /home, the cuisines, a card's rating, hours, photo);
--   'restaurant:<id>'  that restaurant's row (its page's header, a dish page's "from", open, servicing);
--   'menu:<id>'        that restaurant's menu: its dishes, their option groups and options, their likes;
--   'dish:<id>'        that dish, its option groups and options, its likes.
-- A missing row is version 0; the first write makes it 1.
-- Twin of the SQLite migration: row-level triggers (a scope is a row's), one function a table.
CREATE TABLE "CatalogScope" (
    "scope" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "CatalogScope_pkey" PRIMARY KEY ("scope")
);

-- Moves each of `keys` once (NULLs skipped: a parent already gone). CatalogVersion's row is locked
-- first: every catalog write takes that lock anyway (its statement trigger), so taking it before
-- any scope row keeps one lock order, and two writers never deadlock on scope rows.
CREATE FUNCTION "nosh_bump_catalog_scopes"("keys" TEXT[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    PERFORM 1 FROM "CatalogVersion" WHERE "id" = 1 FOR UPDATE;
    INSERT INTO "CatalogScope" ("scope", "version")
    SELECT DISTINCT "key", 1 FROM unnest("keys") AS "key" WHERE "key" IS NOT NULL ORDER BY 1
    ON CONFLICT ("scope") DO UPDATE SET "version" = "CatalogScope"."version" + 1;
END
$$;

-- A TRUNCATE knows no rows: every scope moves.
CREATE FUNCTION "nosh_bump_every_catalog_scope"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE "CatalogScope" SET "version" = "version" + 1;
    RETURN NULL;
END
$$;

CREATE FUNCTION "nosh_catalog_scopes_Restaurant"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM "nosh_bump_catalog_scopes"(ARRAY['restaurants', 'restaurant:' || NEW."id"]);
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM "nosh_bump_catalog_scopes"(ARRAY['restaurants', 'restaurant:' || OLD."id"]);
    ELSE
        PERFORM "nosh_bump_catalog_scopes"(ARRAY['restaurants', 'restaurant:' || OLD."id", 'restaurants', 'restaurant:' || NEW."id"]);
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER "Restaurant_catalog_scopes" AFTER INSERT OR UPDATE OR DELETE ON "Restaurant"
    FOR EACH ROW EXECUTE FUNCTION "nosh_catalog_scopes_Restaurant"();
CREATE TRIGGER "Restaurant_catalog_scopes_truncate" AFTER TRUNCATE ON "Restaurant"
    FOR EACH STATEMENT EXECUTE FUNCTION "nosh_bump_every_catalog_scope"();

CREATE FUNCTION "nosh_catalog_scopes_MenuItem"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM "nosh_bump_catalog_scopes"(ARRAY['menu:' || NEW."restaurantId", 'dish:' || NEW."id"]);
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM "nosh_bump_catalog_scopes"(ARRAY['menu:' || OLD."restaurantId", 'dish:' || OLD."id"]);
    ELSE
        PERFORM "nosh_bump_catalog_scopes"(ARRAY['menu:' || OLD."restaurantId", 'dish:' || OLD."id", 'menu:' || NEW."restaurantId", 'dish:' || NEW."id"]);
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER "MenuItem_catalog_scopes" AFTER INSERT OR UPDATE OR DELETE ON "MenuItem"
    FOR EACH ROW EXECUTE FUNCTION "nosh_catalog_scopes_MenuItem"();
CREATE TRIGGER "MenuItem_catalog_scopes_truncate" AFTER TRUNCATE ON "MenuItem"
    FOR EACH STATEMENT EXECUTE FUNCTION "nosh_bump_every_catalog_scope"();

CREATE FUNCTION "nosh_catalog_scopes_Like"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM "nosh_bump_catalog_scopes"(ARRAY['menu:' || (SELECT "restaurantId" FROM "MenuItem" WHERE "id" = NEW."menuItemId"), 'dish:' || NEW."menuItemId"]);
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM "nosh_bump_catalog_scopes"(ARRAY['menu:' || (SELECT "restaurantId" FROM "MenuItem" WHERE "id" = OLD."menuItemId"), 'dish:' || OLD."menuItemId"]);
    ELSE
        PERFORM "nosh_bump_catalog_scopes"(ARRAY['menu:' || (SELECT "restaurantId" FROM "MenuItem" WHERE "id" = OLD."menuItemId"), 'dish:' || OLD."menuItemId", 'menu:' || (SELECT "restaurantId" FROM "MenuItem" WHERE "id" = NEW."menuItemId"), 'dish:' || NEW."menuItemId"]);
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER "Like_catalog_scopes" AFTER INSERT OR UPDATE OR DELETE ON "Like"
    FOR EACH ROW EXECUTE FUNCTION "nosh_catalog_scopes_Like"();
CREATE TRIGGER "Like_catalog_scopes_truncate" AFTER TRUNCATE ON "Like"
    FOR EACH STATEMENT EXECUTE FUNCTION "nosh_bump_every_catalog_scope"();

CREATE FUNCTION "nosh_catalog_scopes_OptionGroup"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM "nosh_bump_catalog_scopes"(ARRAY['menu:' || (SELECT "restaurantId" FROM "MenuItem" WHERE "id" = NEW."menuItemId"), 'dish:' || NEW."menuItemId"]);
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM "nosh_bump_catalog_scopes"(ARRAY['menu:' || (SELECT "restaurantId" FROM "MenuItem" WHERE "id" = OLD."menuItemId"), 'dish:' || OLD."menuItemId"]);
    ELSE
        PERFORM "nosh_bump_catalog_scopes"(ARRAY['menu:' || (SELECT "restaurantId" FROM "MenuItem" WHERE "id" = OLD."menuItemId"), 'dish:' || OLD."menuItemId", 'menu:' || (SELECT "restaurantId" FROM "MenuItem" WHERE "id" = NEW."menuItemId"), 'dish:' || NEW."menuItemId"]);
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER "OptionGroup_catalog_scopes" AFTER INSERT OR UPDATE OR DELETE ON "OptionGroup"
    FOR EACH ROW EXECUTE FUNCTION "nosh_catalog_scopes_OptionGroup"();
CREATE TRIGGER "OptionGroup_catalog_scopes_truncate" AFTER TRUNCATE ON "OptionGroup"
    FOR EACH STATEMENT EXECUTE FUNCTION "nosh_bump_every_catalog_scope"();

CREATE FUNCTION "nosh_catalog_scopes_MenuOption"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM "nosh_bump_catalog_scopes"(ARRAY['menu:' || (SELECT m."restaurantId" FROM "OptionGroup" g JOIN "MenuItem" m ON m."id" = g."menuItemId" WHERE g."id" = NEW."groupId"), 'dish:' || (SELECT "menuItemId" FROM "OptionGroup" WHERE "id" = NEW."groupId")]);
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM "nosh_bump_catalog_scopes"(ARRAY['menu:' || (SELECT m."restaurantId" FROM "OptionGroup" g JOIN "MenuItem" m ON m."id" = g."menuItemId" WHERE g."id" = OLD."groupId"), 'dish:' || (SELECT "menuItemId" FROM "OptionGroup" WHERE "id" = OLD."groupId")]);
    ELSE
        PERFORM "nosh_bump_catalog_scopes"(ARRAY['menu:' || (SELECT m."restaurantId" FROM "OptionGroup" g JOIN "MenuItem" m ON m."id" = g."menuItemId" WHERE g."id" = OLD."groupId"), 'dish:' || (SELECT "menuItemId" FROM "OptionGroup" WHERE "id" = OLD."groupId"), 'menu:' || (SELECT m."restaurantId" FROM "OptionGroup" g JOIN "MenuItem" m ON m."id" = g."menuItemId" WHERE g."id" = NEW."groupId"), 'dish:' || (SELECT "menuItemId" FROM "OptionGroup" WHERE "id" = NEW."groupId")]);
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER "MenuOption_catalog_scopes" AFTER INSERT OR UPDATE OR DELETE ON "MenuOption"
    FOR EACH ROW EXECUTE FUNCTION "nosh_catalog_scopes_MenuOption"();
CREATE TRIGGER "MenuOption_catalog_scopes_truncate" AFTER TRUNCATE ON "MenuOption"
    FOR EACH STATEMENT EXECUTE FUNCTION "nosh_bump_every_catalog_scope"();
