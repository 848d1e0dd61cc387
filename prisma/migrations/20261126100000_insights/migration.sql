-- Owner insights and exports (docs/architecture.md "Insights and exports"): every aggregate and
-- the orders CSV read one restaurant's submitted orders by submission time, so they range-scan
-- this index instead of every order of the restaurant.
CREATE INDEX "Order_restaurantId_submittedAt_idx" ON "Order"("restaurantId", "submittedAt");
