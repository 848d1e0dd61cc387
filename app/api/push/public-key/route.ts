import { json, route } from "@/lib/server/web/http";
import { vapidKeys } from "@/lib/server/notifications/push";

// GET /api/push/public-key - { publicKey }: the VAPID public key (base64url) a browser subscribes with; public
export const GET = route(async () => json({ publicKey: vapidKeys().publicKey }));
