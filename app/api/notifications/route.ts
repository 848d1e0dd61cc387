import { json, parseQuery, route } from "@/lib/server/web/http";
import { listNotifications } from "@/lib/server/notifications/read";
import { requireUser } from "@/lib/server/web/session";
import { notificationsPageSchema } from "@/lib/validation/notifications";

// GET /api/notifications - the caller's in-app notifications, newest first, with the unread count; ?limit=&before= (docs/architecture/notifications.md)
export const GET = route(async (request) => {
  const page = parseQuery(request, notificationsPageSchema);
  const user = await requireUser();
  return json(await listNotifications(user, page));
});
