import { parseId, route } from "@/lib/server/web/http";
import { getRestaurant, restaurantsUntil, restaurantToJson } from "@/lib/server/restaurants/restaurants";
import { sharedJson } from "@/lib/server/web/shared-responses";

// GET /api/restaurants/{id} - one restaurant, 404 when unknown
// Shared (replayed by the host, server/) until the catalog changes or the restaurant opens, closes or
// reaches its local midnight (lib/server/web/shared-responses.ts); a 404 is not kept.
export const GET = route<{ id: string }>(async (_request, params) => {
  const id = parseId(params.id);
  return sharedJson(async () => {
    const restaurant = await getRestaurant(id);
    return { body: { restaurant: restaurantToJson(restaurant) }, until: restaurantsUntil([restaurant]) };
  });
});
