import { setRestaurantPricing } from "@/lib/server/pricing/restaurant";
import { handle } from "@/lib/server/web/handle";

export const PUT = handle("PUT /api/manage/{id}/pricing", ({ user, params, body }) => setRestaurantPricing(user, params.id, body));
