import { json, parseBody, parseId, parseQuery, route } from "@/lib/server/web/http";
import { deactivateRestaurant, deleteRestaurant, updateRestaurant } from "@/lib/server/restaurants/manage";
import { restaurantToJson } from "@/lib/server/restaurants/restaurants";
import { requireUser } from "@/lib/server/web/session";
import { deleteRestaurantQuerySchema } from "@/lib/validation/manage";
import { restaurantUpdateSchema } from "@/lib/validation/restaurant";

// PUT /api/manage/{id} - the owner updates the fields sent -> { restaurant }; others: 404
export const PUT = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  const input = await parseBody(request, restaurantUpdateSchema);
  return json({ restaurant: restaurantToJson(await updateRestaurant(user, id, input)) });
});

// DELETE /api/manage/{id}?type=soft|hard - soft: stop taking orders; hard: remove (orders keep their history)
export const DELETE = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  const { type } = parseQuery(request, deleteRestaurantQuerySchema);
  if (type === "soft") {
    return json({ message: "Restaurant deactivated", restaurant: restaurantToJson(await deactivateRestaurant(user, id)) });
  }
  await deleteRestaurant(user, id);
  return json({ message: "Restaurant deleted", id });
});
