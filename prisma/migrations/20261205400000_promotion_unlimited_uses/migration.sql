-- Issue 52 item 6 (docs/architecture/promotions.md): "uses per customer" may be empty, no limit.
-- Promotion.perCustomerLimit becomes nullable (NULL: unlimited) with no default. Existing rows keep
-- their stored limit (1 for those created with the old form default): nothing is widened behind an
-- owner's back. SQLite cannot drop NOT NULL in place, and rebuilding the table would run the
-- ON DELETE CASCADE of its redemptions and orders, so the column is swapped instead: a new one,
-- filled from the old, the old dropped, the new renamed (ALTER TABLE DROP COLUMN moves no foreign key).
ALTER TABLE "Promotion" ADD COLUMN "perCustomerLimitNew" INTEGER CHECK ("perCustomerLimitNew" >= 1);
UPDATE "Promotion" SET "perCustomerLimitNew" = "perCustomerLimit";
ALTER TABLE "Promotion" DROP COLUMN "perCustomerLimit";
ALTER TABLE "Promotion" RENAME COLUMN "perCustomerLimitNew" TO "perCustomerLimit";
