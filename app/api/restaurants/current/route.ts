import { json, route } from "@/lib/server/http";
import { listOwnedRestaurants, restaurantToJson } from "@/lib/server/restaurants";
import { requireUser } from "@/lib/server/session";

// GET /api/restaurants/current - the caller's own restaurants
export const GET = route(async () => {
  const user = await requireUser();
  return json({ restaurants: (await listOwnedRestaurants(user.id)).map(restaurantToJson) });
});
