import { deleteEndpoint } from "@/lib/server/webhooks/endpoints";
import { handle } from "@/lib/server/web/handle";
import { said } from "@/lib/shared/words/said";

export const DELETE = handle("DELETE /api/manage/{id}/webhooks/{endpointId}", async ({ user, params: { id, endpointId } }) => {
  await deleteEndpoint(user, id, endpointId);
  return { message: said("done.webhookDeleted"), id: endpointId };
});
