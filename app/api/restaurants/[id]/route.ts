import { getRestaurant, restaurantJson } from "@/lib/server/restaurants/restaurants";
import { restaurantsUntil } from "@/lib/server/restaurants/open-now";
import { scopes } from "@/lib/server/platform/catalog-cache";
import { sharedJson } from "@/lib/server/web/kept-answers/index";
import { handle } from "@/lib/server/web/handle";

// Shared (replayed by the host, server/) until the restaurant's row changes or it opens, closes or
// reaches its local midnight (lib/server/web/kept-answers/index.ts); a 404 is not kept.
export const GET = handle("GET /api/restaurants/{id}", ({ params }) =>
  sharedJson(async () => {
    const restaurant = await getRestaurant(params.id);
    return { body: { restaurant: await restaurantJson(restaurant) }, until: restaurantsUntil([restaurant]) };
  }, [scopes.restaurant(params.id)]),
);
