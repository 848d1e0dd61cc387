import { json, parseId, route } from "@/lib/server/web/http";
import { cancelOrder } from "@/lib/server/orders/cancel";
import { orderToJson } from "@/lib/server/orders/to-json";
import { requireUser } from "@/lib/server/web/session";

// PUT /api/orders/{id}/cancel - the customer cancels an order the restaurant has not accepted
// yet (stage placed); wallet payments refunded. 409 once accepted or closed.
export const PUT = route<{ id: string }>(async (_request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  return json(orderToJson(await cancelOrder(user, id)));
});
