import { resendDelivery } from "@/lib/server/webhooks/endpoints";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/manage/{id}/webhooks/{endpointId}/deliveries/{deliveryId}/resend", async ({ user, params: { id, endpointId, deliveryId } }) => {
  await resendDelivery(user, id, endpointId, deliveryId);
  return { message: "Queued to be sent again" };
});
