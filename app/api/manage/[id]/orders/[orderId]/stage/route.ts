import { moveOrderStage } from "@/lib/server/orders/owner-stage";
import { incomingOrderToJson } from "@/lib/server/orders/to-json";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/manage/{id}/orders/{orderId}/stage", async ({ user, params, body }) =>
  incomingOrderToJson(await moveOrderStage(user, params.id, params.orderId, body)),
);
