import { rotateSecret } from "@/lib/server/webhooks/endpoints";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/manage/{id}/webhooks/{endpointId}/rotate", async ({ user, params: { id, endpointId } }) => rotateSecret(user, id, endpointId));
