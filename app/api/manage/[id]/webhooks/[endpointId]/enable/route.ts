import { enableEndpoint } from "@/lib/server/webhooks/endpoints";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/manage/{id}/webhooks/{endpointId}/enable", async ({ user, params: { id, endpointId } }) => ({
  endpoint: await enableEndpoint(user, id, endpointId),
}));
