-- The offers restaurants run (docs/architecture/promotions.md "Offers"): buy one get one on a dish,
-- a free dish over a basket size, a percent off a section in a daily window, an offer that combines
-- with a code, and who pays each (the platform's offers: Order.platformFundedCents).
-- The kind's CHECK widens by the column swap of 20261205400000 (rebuilding the table would run the
-- ON DELETE CASCADE of its redemptions); the new column keeps a default only to be added NOT NULL.
ALTER TABLE "Promotion" ADD COLUMN "kindNew" TEXT NOT NULL DEFAULT 'percent' CHECK ("kindNew" IN ('percent','amount','free_delivery','bogo','free_item','section_percent'));
UPDATE "Promotion" SET "kindNew" = "kind";
ALTER TABLE "Promotion" DROP COLUMN "kind";
ALTER TABLE "Promotion" RENAME COLUMN "kindNew" TO "kind";
ALTER TABLE "Promotion" ADD COLUMN "dishId" INTEGER;
ALTER TABLE "Promotion" ADD COLUMN "sectionId" INTEGER;
ALTER TABLE "Promotion" ADD COLUMN "windowFrom" TEXT;
ALTER TABLE "Promotion" ADD COLUMN "windowUntil" TEXT;
ALTER TABLE "Promotion" ADD COLUMN "stacksWithCode" BOOLEAN NOT NULL DEFAULT false;
-- A code and an offer that combines with it are two redemptions of one order.
DROP INDEX "PromotionRedemption_orderId_key";
CREATE UNIQUE INDEX "PromotionRedemption_orderId_promotionId_key" ON "PromotionRedemption"("orderId", "promotionId");
ALTER TABLE "Order" ADD COLUMN "platformFundedCents" INTEGER NOT NULL DEFAULT 0 CHECK ("platformFundedCents" >= 0);
