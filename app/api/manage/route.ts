import { json, route } from "@/lib/server/http";
import { listOwnedRestaurants, restaurantToJson } from "@/lib/server/restaurants";
import { requireUser } from "@/lib/server/session";

// GET /api/manage/ - the caller's restaurants, active or not, newest first (empty when none)
export const GET = route(async () => {
  const user = await requireUser();
  return json({ restaurants: (await listOwnedRestaurants(user.id)).map(restaurantToJson) });
});
