-- Twin of the SQLite migration. Issue 52 item 6 (docs/architecture/promotions.md): "uses per
-- customer" may be empty, no limit. Promotion.perCustomerLimit becomes nullable (NULL: unlimited)
-- with no default; existing rows keep their stored limit. The CHECK (>= 1) stays.
ALTER TABLE "Promotion" ALTER COLUMN "perCustomerLimit" DROP NOT NULL;
ALTER TABLE "Promotion" ALTER COLUMN "perCustomerLimit" DROP DEFAULT;
