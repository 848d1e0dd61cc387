import { markUnavailable } from "@/lib/server/order-changes/mark";
import { listRestaurantChanges } from "@/lib/server/order-changes/read";
import { handle } from "@/lib/server/web/handle";

// The kitchen marks a line unavailable; the board reads the order's changes.
export const POST = handle("POST /api/manage/{id}/orders/{orderId}/changes", async ({ user, params, body }) => {
  const changeId = await markUnavailable(user, params.id, params.orderId, body);
  const changes = await listRestaurantChanges(user, params.id, params.orderId);
  return { change: changes.find((change) => change.id === changeId)! };
});

export const GET = handle("GET /api/manage/{id}/orders/{orderId}/changes", async ({ user, params }) => ({
  changes: await listRestaurantChanges(user, params.id, params.orderId),
}));
