-- Twin of the SQLite migration. Issue 52 item 6 (docs/architecture/promotions.md): "uses per
-- customer" may be empty, no limit. Promotion.perCustomerLimit becomes nullable (NULL: unlimited)
-- with no default; existing rows keep their stored limit. The same column swap as SQLite's (where
-- NOT NULL cannot be dropped in place), so both databases carry the same CHECK.
ALTER TABLE "Promotion" ADD COLUMN "perCustomerLimitNew" INTEGER CHECK ("perCustomerLimitNew" >= 1);
UPDATE "Promotion" SET "perCustomerLimitNew" = "perCustomerLimit";
ALTER TABLE "Promotion" DROP COLUMN "perCustomerLimit";
ALTER TABLE "Promotion" RENAME COLUMN "perCustomerLimitNew" TO "perCustomerLimit";
