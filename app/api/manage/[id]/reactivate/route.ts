import { reactivateRestaurant } from "@/lib/server/restaurants/manage";
import { restaurantJson } from "@/lib/server/restaurants/restaurants";
import { handle } from "@/lib/server/web/handle";
import { said } from "@/lib/shared/words/said";

export const PUT = handle("PUT /api/manage/{id}/reactivate", async ({ user, params }) => ({
  message: said("done.restaurantReactivated"),
  restaurant: await restaurantJson(await reactivateRestaurant(user, params.id)),
}));
