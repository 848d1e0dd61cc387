import { listNotifications } from "@/lib/server/notifications/read";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/notifications", ({ user, query }) => listNotifications(user, query));
