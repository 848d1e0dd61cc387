import { quoteDelivery } from "@/lib/server/deliveries/quote";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/manage/{id}/deliveries/quotes", ({ user, params, body }) => quoteDelivery(user, params.id, body));
