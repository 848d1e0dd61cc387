import { json, parseBody, parseQuery, route } from "@/lib/server/web/http";
import { createRestaurant } from "@/lib/server/restaurants/manage";
import { listRestaurants, restaurantToJson } from "@/lib/server/restaurants/restaurants";
import { requireUser } from "@/lib/server/web/session";
import { sharedJson } from "@/lib/server/web/shared-responses";
import { restaurantQuerySchema } from "@/lib/validation/browse";
import { restaurantCreateSchema } from "@/lib/validation/restaurant";

// GET /api/restaurants/ - active restaurants; ?cuisine=&q=&sort=recommended|rating|delivery|price&open=true&limit=&offset=
// The answer reads nothing but its URL, the catalog and the clock (openNow, nextChange), so
// the host (server/) replays it until the catalog changes or a restaurant in it opens, closes or reaches
// its local midnight (lib/server/web/shared-responses.ts); the version is read before the answer.
export const GET = route(async (request) => {
  const query = parseQuery(request, restaurantQuerySchema);
  return sharedJson(async () => {
    const page = await listRestaurants(query);
    return { body: { restaurants: page.restaurants.map(restaurantToJson), hasMore: page.hasMore, nextOffset: page.nextOffset }, until: page.until };
  });
});

// POST /api/restaurants/ - a signed-in, non-guest user adds a restaurant and becomes its owner -> 201 { restaurant }
export const POST = route(async (request) => {
  const user = await requireUser();
  const input = await parseBody(request, restaurantCreateSchema);
  return json({ restaurant: restaurantToJson(await createRestaurant(user, input)) }, 201);
});
