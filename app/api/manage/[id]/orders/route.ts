import { incomingOrderToJson } from "@/lib/server/orders/to-json";
import { listIncomingOrders } from "@/lib/server/orders/incoming";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/manage/{id}/orders", async ({ user, params, query }) => ({
  orders: (await listIncomingOrders(user, params.id, query)).map(incomingOrderToJson),
}));
