-- Dish options (lib/shared/options.ts): a dish's option groups and their options, in display
-- order; whether the dish takes special instructions; and on each order line a copy of the
-- choices as they were priced (names and deltas), so later menu edits never change a past order.
-- Groups and options are part of the catalog: their writes move CatalogVersion like a dish's.
-- Twin of the SQLite migration; cents are BIGINT as since 20261122120000_money_bigint.
ALTER TABLE "MenuItem" ADD COLUMN "allowsInstructions" BOOLEAN NOT NULL DEFAULT false;

CREATE TABLE "OptionGroup" (
    "id" SERIAL PRIMARY KEY,
    "menuItemId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "minChoices" INTEGER NOT NULL CHECK ("minChoices" BETWEEN 0 AND 20),
    "maxChoices" INTEGER NOT NULL CHECK ("maxChoices" BETWEEN 1 AND 20 AND "maxChoices" >= "minChoices"),
    "position" INTEGER NOT NULL,
    CONSTRAINT "OptionGroup_menuItemId_fkey" FOREIGN KEY ("menuItemId") REFERENCES "MenuItem" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "OptionGroup_menuItemId_position_idx" ON "OptionGroup"("menuItemId", "position");

CREATE TABLE "MenuOption" (
    "id" SERIAL PRIMARY KEY,
    "groupId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "priceDeltaCents" BIGINT NOT NULL CHECK ("priceDeltaCents" BETWEEN 0 AND 5000),
    "soldOutOn" TEXT,
    "position" INTEGER NOT NULL,
    CONSTRAINT "MenuOption_groupId_fkey" FOREIGN KEY ("groupId") REFERENCES "OptionGroup" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "MenuOption_groupId_position_idx" ON "MenuOption"("groupId", "position");

ALTER TABLE "OrderItem" ADD COLUMN "instructions" TEXT;

CREATE TABLE "OrderItemOption" (
    "id" SERIAL PRIMARY KEY,
    "orderItemId" INTEGER NOT NULL,
    "optionId" INTEGER,
    "groupName" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "priceDeltaCents" BIGINT NOT NULL CHECK ("priceDeltaCents" >= 0),
    "position" INTEGER NOT NULL,
    CONSTRAINT "OrderItemOption_orderItemId_fkey" FOREIGN KEY ("orderItemId") REFERENCES "OrderItem" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "OrderItemOption_optionId_fkey" FOREIGN KEY ("optionId") REFERENCES "MenuOption" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE INDEX "OrderItemOption_orderItemId_position_idx" ON "OrderItemOption"("orderItemId", "position");
CREATE INDEX "OrderItemOption_optionId_idx" ON "OrderItemOption"("optionId");

CREATE TRIGGER "OptionGroup_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "OptionGroup"
    FOR EACH STATEMENT EXECUTE FUNCTION "nosh_bump_catalog_version"();

CREATE TRIGGER "MenuOption_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "MenuOption"
    FOR EACH STATEMENT EXECUTE FUNCTION "nosh_bump_catalog_version"();
