import { json, parseId, route } from "@/lib/server/http";
import { getRestaurant, restaurantToJson } from "@/lib/server/restaurants";

// GET /api/restaurants/{id} - one restaurant, 404 when unknown
export const GET = route<{ id: string }>(async (_request, params) => {
  return json({ restaurant: restaurantToJson(await getRestaurant(parseId(params.id))) });
});
