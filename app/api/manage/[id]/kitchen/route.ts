import { updateKitchen } from "@/lib/server/restaurants/kitchen";
import { restaurantToJson } from "@/lib/server/restaurants/restaurants";
import { handle } from "@/lib/server/web/handle";

export const PUT = handle("PUT /api/manage/{id}/kitchen", async ({ user, params, body }) => ({
  restaurant: restaurantToJson(await updateKitchen(user, params.id, body)),
}));
