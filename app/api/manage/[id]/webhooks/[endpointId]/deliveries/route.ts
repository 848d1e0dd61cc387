import { listDeliveries } from "@/lib/server/webhooks/endpoints";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/manage/{id}/webhooks/{endpointId}/deliveries", async ({ user, params: { id, endpointId }, query }) =>
  listDeliveries(user, id, endpointId, query),
);
