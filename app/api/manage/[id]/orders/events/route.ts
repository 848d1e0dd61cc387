import { parseId, route } from "@/lib/server/web/http";
import { orderEventStream, restaurantFilter } from "@/lib/server/order-events";
import { requireUser } from "@/lib/server/web/session";

// GET /api/manage/{id}/orders/events - Server-Sent Events for the owner's restaurant's orders (docs/architecture/live-order-events.md, "Live order events")
export const GET = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  return orderEventStream(request, user, await restaurantFilter(user, id));
});
