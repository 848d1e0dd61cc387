import { nearbyCouriers } from "@/lib/server/dispatch/state";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/manage/{id}/couriers", async ({ user, params, query }) => ({ couriers: await nearbyCouriers(user, params.id, query.orderId) }));
