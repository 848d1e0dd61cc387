import { addGroupLine } from "@/lib/server/group-orders/add-line";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/group-orders/{token}/lines", ({ user, params, body }) => addGroupLine(user, params.token, body));
