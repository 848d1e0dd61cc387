import { json, parseQuery, route } from "@/lib/server/web/http";
import { listOwnedRestaurants, restaurantToJson } from "@/lib/server/restaurants/restaurants";
import { requireUser } from "@/lib/server/web/session";
import { pagingSchema } from "@/lib/validation/browse";

// GET /api/restaurants/current - the caller's own restaurants, newest first; ?limit=&offset=
export const GET = route(async (request) => {
  const paging = parseQuery(request, pagingSchema);
  const user = await requireUser();
  const page = await listOwnedRestaurants(user.id, paging);
  return json({ restaurants: page.restaurants.map(restaurantToJson), hasMore: page.hasMore, nextOffset: page.nextOffset });
});
