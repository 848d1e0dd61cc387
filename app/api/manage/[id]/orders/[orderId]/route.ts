import { json, parseBody, parseId, route } from "@/lib/server/web/http";
import { closeIncomingOrder } from "@/lib/server/orders/complete";
import { incomingOrderToJson } from "@/lib/server/orders/to-json";
import { requireUser } from "@/lib/server/web/session";
import { closeOrderSchema } from "@/lib/validation/manage";

// PUT /api/manage/{id}/orders/{orderId} - { status: Completed | Canceled } -> the order; 409 unless Submitted
export const PUT = route<{ id: string; orderId: string }>(async (request, params) => {
  const id = parseId(params.id);
  const orderId = parseId(params.orderId, "orderId");
  const user = await requireUser();
  const { status } = await parseBody(request, closeOrderSchema);
  return json(incomingOrderToJson(await closeIncomingOrder(user, id, orderId, status)));
});
