import { vapidKeys } from "@/lib/server/notifications/push";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/push/public-key", async () => ({ publicKey: vapidKeys().publicKey }));
