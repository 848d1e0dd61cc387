import { updateKitchen } from "@/lib/server/restaurants/kitchen";
import { restaurantJson } from "@/lib/server/restaurants/restaurants";
import { handle } from "@/lib/server/web/handle";

export const PUT = handle("PUT /api/manage/{id}/kitchen", async ({ user, params, body }) => ({
  restaurant: await restaurantJson(await updateKitchen(user, params.id, body)),
}));
