import { resendDelivery } from "@/lib/server/webhooks/endpoints";
import { handle } from "@/lib/server/web/handle";
import { said } from "@/lib/shared/words/said";

export const POST = handle("POST /api/manage/{id}/webhooks/{endpointId}/deliveries/{deliveryId}/resend", async ({ user, params: { id, endpointId, deliveryId } }) => {
  await resendDelivery(user, id, endpointId, deliveryId);
  return { message: said("done.webhookQueued") };
});
