import { json, parseId, parseQuery, route } from "@/lib/server/web/http";
import { incomingOrderToJson } from "@/lib/server/orders/to-json";
import { listIncomingOrders } from "@/lib/server/orders/incoming";
import { requireUser } from "@/lib/server/web/session";
import { pagingSchema } from "@/lib/validation/browse";

// GET /api/manage/{id}/orders - the restaurant's Submitted orders, newest first -> { orders }; ?limit=&offset=
export const GET = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  const paging = parseQuery(request, pagingSchema);
  return json({ orders: (await listIncomingOrders(user, id, paging)).map(incomingOrderToJson) });
});
