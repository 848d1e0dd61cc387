-- Twin of the SQLite migration (docs/architecture/promotions.md "Offers"): the new kinds, the
-- offer's dish, section and daily window, whether it combines with a code, a redemption per order
-- and promotion, and the part of an order's discount the platform pays.
-- The kind's CHECK widens by the same column swap as SQLite's, so both carry the same CHECK.
ALTER TABLE "Promotion" ADD COLUMN "kindNew" TEXT NOT NULL DEFAULT 'percent' CHECK ("kindNew" IN ('percent','amount','free_delivery','bogo','free_item','section_percent'));
UPDATE "Promotion" SET "kindNew" = "kind";
ALTER TABLE "Promotion" DROP COLUMN "kind";
ALTER TABLE "Promotion" RENAME COLUMN "kindNew" TO "kind";
ALTER TABLE "Promotion" ADD COLUMN "dishId" INTEGER;
ALTER TABLE "Promotion" ADD COLUMN "sectionId" INTEGER;
ALTER TABLE "Promotion" ADD COLUMN "windowFrom" TEXT;
ALTER TABLE "Promotion" ADD COLUMN "windowUntil" TEXT;
ALTER TABLE "Promotion" ADD COLUMN "stacksWithCode" BOOLEAN NOT NULL DEFAULT false;
DROP INDEX "PromotionRedemption_orderId_key";
CREATE UNIQUE INDEX "PromotionRedemption_orderId_promotionId_key" ON "PromotionRedemption"("orderId", "promotionId");
ALTER TABLE "Order" ADD COLUMN "platformFundedCents" INTEGER NOT NULL DEFAULT 0 CHECK ("platformFundedCents" >= 0);
