import { assignRestaurantMarket } from "@/lib/server/markets/markets";
import { handle } from "@/lib/server/web/handle";

export const PUT = handle("PUT /api/admin/restaurants/{id}/market", async ({ operator, params, body }) => ({
  market: await assignRestaurantMarket(operator, params.id, body),
}));
