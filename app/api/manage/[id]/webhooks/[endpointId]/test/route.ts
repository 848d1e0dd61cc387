import { sendTestEvent } from "@/lib/server/webhooks/endpoints";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/manage/{id}/webhooks/{endpointId}/test", async ({ user, params: { id, endpointId } }) => sendTestEvent(user, id, endpointId));
