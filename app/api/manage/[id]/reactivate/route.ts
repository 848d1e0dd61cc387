import { reactivateRestaurant } from "@/lib/server/restaurants/manage";
import { restaurantJson } from "@/lib/server/restaurants/restaurants";
import { RESTAURANT_REACTIVATED } from "@/lib/shared/words/messages";
import { handle } from "@/lib/server/web/handle";

export const PUT = handle("PUT /api/manage/{id}/reactivate", async ({ user, params }) => ({
  message: RESTAURANT_REACTIVATED,
  restaurant: await restaurantJson(await reactivateRestaurant(user, params.id)),
}));
