import { json, parseQuery, route } from "@/lib/server/http";
import { listRestaurants, restaurantToJson } from "@/lib/server/restaurants";
import { restaurantQuerySchema } from "@/lib/validation/browse";

// GET /api/restaurants/ - active restaurants; ?cuisine=&q=&limit=&offset=
export const GET = route(async (request) => {
  const page = await listRestaurants(parseQuery(request, restaurantQuerySchema));
  return json({ restaurants: page.restaurants.map(restaurantToJson), hasMore: page.hasMore, nextOffset: page.nextOffset });
});
