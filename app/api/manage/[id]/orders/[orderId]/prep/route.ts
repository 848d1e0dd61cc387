import { json, parseBody, parseId, route } from "@/lib/server/web/http";
import { addPrepMinutes } from "@/lib/server/orders/prep";
import { incomingOrderToJson } from "@/lib/server/orders/to-json";
import { requireUser } from "@/lib/server/web/session";
import { prepChangeSchema } from "@/lib/validation/order-stage";

// POST /api/manage/{id}/orders/{orderId}/prep { addMinutes: 5 | 10 } -> the board's order JSON:
// more preparation time for an accepted order (its ready time and the customer's arrival window
// move by as much); 409 once ready or closed, 404 for anyone else's restaurant or order.
export const POST = route<{ id: string; orderId: string }>(async (request, params) => {
  const id = parseId(params.id);
  const orderId = parseId(params.orderId, "orderId");
  const user = await requireUser();
  const { addMinutes } = await parseBody(request, prepChangeSchema);
  return json(incomingOrderToJson(await addPrepMinutes(user, id, orderId, addMinutes)));
});
