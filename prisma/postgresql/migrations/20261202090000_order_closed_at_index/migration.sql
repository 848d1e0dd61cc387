-- Issue 50 "Personal lists": the owner's board lists the orders its restaurant closed since
-- midnight, newest first (lib/server/orders/incoming.ts getBoard). By (restaurantId, stage) that
-- read every order the restaurant ever closed and sorted them; by (restaurantId, closedAt) it
-- reads today's alone, in order.
CREATE INDEX "Order_restaurantId_closedAt_idx" ON "Order"("restaurantId", "closedAt");
