import { route } from "@/lib/server/web/http";
import { customerFilter, orderEventStream } from "@/lib/server/order-events";
import { requireUser } from "@/lib/server/web/session";

// GET /api/orders/events - Server-Sent Events for all of the caller's orders (docs/architecture/live-order-events.md, "Live order events")
export const GET = route(async (request) => {
  const user = await requireUser();
  return orderEventStream(request, user, customerFilter(user));
});
