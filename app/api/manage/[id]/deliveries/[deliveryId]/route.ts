import { readDelivery } from "@/lib/server/deliveries/read";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/manage/{id}/deliveries/{deliveryId}", ({ user, params }) => readDelivery(user, params.id, params.deliveryId));
