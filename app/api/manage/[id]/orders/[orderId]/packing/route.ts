import { readPacking, setPacking } from "@/lib/server/orders/packing";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/manage/{id}/orders/{orderId}/packing", ({ user, params }) => readPacking(user, params.id, params.orderId));
export const PUT = handle("PUT /api/manage/{id}/orders/{orderId}/packing", ({ user, params, body }) => setPacking(user, params.id, params.orderId, body));
