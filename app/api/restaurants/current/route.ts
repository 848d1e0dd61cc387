import { listOwnedRestaurants, restaurantsToJson } from "@/lib/server/restaurants/restaurants";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/restaurants/current", async ({ user, query }) => {
  const page = await listOwnedRestaurants(user.id, query);
  return { restaurants: await restaurantsToJson(page.restaurants), hasMore: page.hasMore, nextOffset: page.nextOffset };
});
