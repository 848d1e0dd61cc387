import { handle } from "@/lib/server/web/handle";
import { checkout } from "@/lib/server/web/checkout";

export const PUT = handle("PUT /api/orders/{id}/submit", (call) => checkout(call, { activeOrderId: call.params.id, cartId: call.body.cartId }, call.body));
