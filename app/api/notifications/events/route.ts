import { notificationFilter, orderEventStream } from "@/lib/server/live";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/notifications/events", ({ request, user }) => orderEventStream(request, user, notificationFilter(user)));
