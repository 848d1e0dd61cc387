import { deactivateRestaurant, deleteRestaurant, updateRestaurant } from "@/lib/server/restaurants/manage";
import { restaurantJson } from "@/lib/server/restaurants/restaurants";
import { handle } from "@/lib/server/web/handle";
import { said } from "@/lib/shared/words/said";

export const PUT = handle("PUT /api/manage/{id}", async ({ user, params, body }) => ({
  restaurant: await restaurantJson(await updateRestaurant(user, params.id, body)),
}));

export const DELETE = handle("DELETE /api/manage/{id}", async ({ user, params: { id }, query }) => {
  if (query.type === "soft") return { message: said("done.restaurantDeactivated"), restaurant: await restaurantJson(await deactivateRestaurant(user, id)) };
  await deleteRestaurant(user, id);
  return { message: said("done.restaurantDeleted"), id };
});
