import { parseId, route } from "@/lib/server/web/http";
import { customerOrderFilter, orderEventStream } from "@/lib/server/order-events";
import { requireUser } from "@/lib/server/web/session";

// GET /api/orders/{id}/events - Server-Sent Events for the caller's own order (docs/architecture/live-order-events.md, "Live order events")
export const GET = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  return orderEventStream(request, user, await customerOrderFilter(user, id));
});
