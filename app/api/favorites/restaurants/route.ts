import { listFavoriteRestaurants } from "@/lib/server/restaurants/favorites";
import { restaurantToJson } from "@/lib/server/restaurants/restaurants";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/favorites/restaurants", async ({ user, query }) => (await listFavoriteRestaurants(user.id, query)).map(restaurantToJson));
