import { cancelOrder } from "@/lib/server/orders/cancel";
import { orderToJson } from "@/lib/server/orders/to-json";
import { handle } from "@/lib/server/web/handle";

export const PUT = handle("PUT /api/orders/{id}/cancel", async ({ user, params }) => orderToJson(await cancelOrder(user, params.id)));
