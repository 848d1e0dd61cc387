import { closeIncomingOrder } from "@/lib/server/orders/complete";
import { incomingOrderToJson } from "@/lib/server/orders/to-json";
import { handle } from "@/lib/server/web/handle";

export const PUT = handle("PUT /api/manage/{id}/orders/{orderId}", async ({ user, params, body }) =>
  incomingOrderToJson(await closeIncomingOrder(user, params.id, params.orderId, body.status)),
);
