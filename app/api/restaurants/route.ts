import { json, parseBody, parseQuery, route } from "@/lib/server/http";
import { createRestaurant } from "@/lib/server/manage";
import { listRestaurants, restaurantToJson } from "@/lib/server/restaurants";
import { requireUser } from "@/lib/server/session";
import { restaurantQuerySchema } from "@/lib/validation/browse";
import { restaurantCreateSchema } from "@/lib/validation/restaurant";

// GET /api/restaurants/ - active restaurants; ?cuisine=&q=&sort=recommended|rating|delivery|price&limit=&offset=
export const GET = route(async (request) => {
  const page = await listRestaurants(parseQuery(request, restaurantQuerySchema));
  return json({ restaurants: page.restaurants.map(restaurantToJson), hasMore: page.hasMore, nextOffset: page.nextOffset });
});

// POST /api/restaurants/ - a signed-in, non-guest user adds a restaurant and becomes its owner -> 201 { restaurant }
export const POST = route(async (request) => {
  const user = await requireUser();
  const input = await parseBody(request, restaurantCreateSchema);
  return json({ restaurant: restaurantToJson(await createRestaurant(user, input)) }, 201);
});
