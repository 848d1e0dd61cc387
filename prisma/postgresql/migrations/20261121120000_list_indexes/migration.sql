-- Indexes that let list pages read only the rows they return (lib/server/query-plans.test.ts):
-- a cuisine filter walks that cuisine's restaurants in name order instead of every active
-- restaurant, and an owner's menu comes out in creation order without a sort step.
DROP INDEX "Restaurant_servicing_cuisineType_idx";
CREATE INDEX "Restaurant_servicing_cuisineType_name_idx" ON "Restaurant"("servicing", "cuisineType", "name");
CREATE INDEX "MenuItem_restaurantId_createdAt_idx" ON "MenuItem"("restaurantId", "createdAt");
