import { json, parseBody, parseId, route } from "@/lib/server/web/http";
import { assignCourier } from "@/lib/server/dispatch/assign";
import { getIncomingOrder } from "@/lib/server/orders/incoming";
import { incomingOrderToJson } from "@/lib/server/orders/to-json";
import { requireUser } from "@/lib/server/web/session";
import { assignInputSchema } from "@/lib/validation/courier";

// POST /api/manage/{id}/orders/{orderId}/assign { courierId } -> { order }: the owner assigns a
// courier by hand (on shift, under the job limit); 409 when the job is held or over, 404 for
// anyone else's restaurant or order, or someone who is not a courier.
export const POST = route<{ id: string; orderId: string }>(async (request, params) => {
  const id = parseId(params.id);
  const orderId = parseId(params.orderId, "orderId");
  const user = await requireUser();
  const { courierId } = await parseBody(request, assignInputSchema);
  await assignCourier(user, id, orderId, courierId);
  return json({ order: incomingOrderToJson(await getIncomingOrder(user, id, orderId)) });
});
