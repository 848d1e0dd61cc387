import { actOnCourier } from "@/lib/server/operators/couriers";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/admin/couriers/{id}", async ({ operator, params, body }) => ({ courier: await actOnCourier(operator, params.id, body) }));
