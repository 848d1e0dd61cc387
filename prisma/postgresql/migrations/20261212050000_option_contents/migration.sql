-- What a dish's option adds to it (docs/architecture/dish-options.md "What an option adds"): the
-- allergens it brings, a bitmask over ALLERGENS (lib/shared/allergens.ts), and the diet labels
-- choosing it takes away from the dish (pepperoni: vegetarian, vegan, halal), a bitmask over
-- DIET_LABELS. Added columns: MenuOption keeps its catalog triggers.
ALTER TABLE "MenuOption" ADD COLUMN "allergens" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "MenuOption" ADD COLUMN "removesLabels" INTEGER NOT NULL DEFAULT 0;
