import { markRead } from "@/lib/server/notifications/read";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/notifications/read", ({ user, body }) => markRead(user, body));
