import { decideDeliveryPay } from "@/lib/server/operators/deliveries";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/admin/deliveries/{id}", async ({ operator, params, body }) => ({ delivery: await decideDeliveryPay(operator, params.id, body) }));
