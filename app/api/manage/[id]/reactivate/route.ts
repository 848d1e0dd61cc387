import { json, parseId, route } from "@/lib/server/web/http";
import { reactivateRestaurant } from "@/lib/server/restaurants/manage";
import { restaurantToJson } from "@/lib/server/restaurants/restaurants";
import { requireUser } from "@/lib/server/web/session";
import { RESTAURANT_REACTIVATED } from "@/lib/shared/messages";

// PUT /api/manage/{id}/reactivate - the owner's restaurant takes orders again -> { message, restaurant }
export const PUT = route<{ id: string }>(async (_request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  const restaurant = restaurantToJson(await reactivateRestaurant(user, id));
  return json({ message: RESTAURANT_REACTIVATED, restaurant });
});
