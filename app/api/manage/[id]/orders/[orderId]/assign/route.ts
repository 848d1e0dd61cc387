import { assignCourier } from "@/lib/server/dispatch/assign";
import { getIncomingOrder } from "@/lib/server/orders/incoming";
import { incomingOrderToJson } from "@/lib/server/orders/to-json";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/manage/{id}/orders/{orderId}/assign", async ({ user, params: { id, orderId }, body }) => {
  await assignCourier(user, id, orderId, body.courierId);
  return { order: incomingOrderToJson(await getIncomingOrder(user, id, orderId)) };
});
