import { handle } from "@/lib/server/web/handle";
import { checkout } from "@/lib/server/web/checkout";

export const POST = handle("POST /api/group-orders/{token}/checkout", (call) => checkout(call, { groupToken: call.params.token }, call.body));
