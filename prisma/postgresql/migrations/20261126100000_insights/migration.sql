-- Owner insights and exports (docs/architecture.md "Insights and exports"). Twin of the SQLite
-- migration: one restaurant's submitted orders by submission time, read as a range.
CREATE INDEX "Order_restaurantId_submittedAt_idx" ON "Order"("restaurantId", "submittedAt");
