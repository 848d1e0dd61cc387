import { cancelDelivery } from "@/lib/server/deliveries/cancel";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/manage/{id}/deliveries/{deliveryId}/cancel", ({ user, params }) => cancelDelivery(user, params.id, params.deliveryId));
