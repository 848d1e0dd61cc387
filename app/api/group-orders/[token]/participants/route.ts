import { joinGroup } from "@/lib/server/group-orders/join";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/group-orders/{token}/participants", ({ user, params, body }) => joinGroup(user, params.token, body.displayName));
