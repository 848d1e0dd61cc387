import { addPrepMinutes } from "@/lib/server/orders/prep";
import { incomingOrderToJson } from "@/lib/server/orders/to-json";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/manage/{id}/orders/{orderId}/prep", async ({ user, params, body }) =>
  incomingOrderToJson(await addPrepMinutes(user, params.id, params.orderId, body.addMinutes)),
);
