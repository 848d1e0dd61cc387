import { json, parseBody, parseId, route } from "@/lib/server/web/http";
import { moveOrderStage } from "@/lib/server/orders/owner-stage";
import { incomingOrderToJson } from "@/lib/server/orders/to-json";
import { requireUser } from "@/lib/server/web/session";
import { orderStageSchema } from "@/lib/validation/order-stage";

// POST /api/manage/{id}/orders/{orderId}/stage - the owner moves an order one step on:
// { stage: "accepted", prepMinutes: 5..90 } | { stage: "rejected", reason, note? } |
// { stage: "ready" } | { stage: "out_for_delivery" } | { stage: "delivered" } -> the board's
// order JSON; 409 from the wrong stage, 404 for anyone else's restaurant or order.
export const POST = route<{ id: string; orderId: string }>(async (request, params) => {
  const id = parseId(params.id);
  const orderId = parseId(params.orderId, "orderId");
  const user = await requireUser();
  const input = await parseBody(request, orderStageSchema);
  return json(incomingOrderToJson(await moveOrderStage(user, id, orderId, input)));
});
