import { route } from "@/lib/server/web/http";
import { notificationFilter, orderEventStream } from "@/lib/server/order-events";
import { requireUser } from "@/lib/server/web/session";

// GET /api/notifications/events - Server-Sent Events: `event: notification` when the caller gets a notification (the bell re-reads its list; docs/architecture/notifications.md)
export const GET = route(async (request) => {
  const user = await requireUser();
  return orderEventStream(request, user, notificationFilter(user));
});
