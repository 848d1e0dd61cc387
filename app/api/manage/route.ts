import { json, parseQuery, route } from "@/lib/server/web/http";
import { listOwnedRestaurants, restaurantToJson } from "@/lib/server/restaurants/restaurants";
import { requireUser } from "@/lib/server/web/session";
import { pagingSchema } from "@/lib/validation/browse";

// GET /api/manage/ - the caller's restaurants, active or not, newest first (empty when none); ?limit=&offset=
export const GET = route(async (request) => {
  const paging = parseQuery(request, pagingSchema);
  const user = await requireUser();
  const page = await listOwnedRestaurants(user.id, paging);
  return json({ restaurants: page.restaurants.map(restaurantToJson), hasMore: page.hasMore, nextOffset: page.nextOffset });
});
