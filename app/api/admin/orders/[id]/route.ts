import { operatorOrderDetail } from "@/lib/server/operators/order-detail";
import { actOnOrder } from "@/lib/server/operators/order-actions";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/admin/orders/{id}", async ({ operator, params }) => ({ order: await operatorOrderDetail(operator, params.id) }));
export const POST = handle("POST /api/admin/orders/{id}", async ({ operator, params, body }) => ({ order: await actOnOrder(operator, params.id, body) }));
