import { createRestaurant } from "@/lib/server/restaurants/manage";
import { listRestaurants, restaurantListScopes, restaurantJson, restaurantsToJson } from "@/lib/server/restaurants/restaurants";
import { sharedJson } from "@/lib/server/web/kept-answers/index";
import { handle } from "@/lib/server/web/handle";

// The answer reads nothing but its URL, the restaurants' rows (with `q`, the dishes too) and the
// clock (openNow, nextChange), so the host (server/) replays it until one of those changes or a
// restaurant in it opens, closes or reaches its local midnight (lib/server/web/kept-answers/index.ts);
// the versions are read before the answer.
export const GET = handle("GET /api/restaurants", ({ query }) =>
  sharedJson(async () => {
    const page = await listRestaurants(query);
    return { body: { restaurants: await restaurantsToJson(page.restaurants), hasMore: page.hasMore, nextOffset: page.nextOffset }, until: page.until };
  }, restaurantListScopes(query)),
);

export const POST = handle("POST /api/restaurants", async ({ user, body }) => ({ restaurant: await restaurantJson(await createRestaurant(user, body)) }));
