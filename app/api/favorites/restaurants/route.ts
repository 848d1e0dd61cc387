import { listFavoriteRestaurants } from "@/lib/server/restaurants/favorites";
import { restaurantsToJson } from "@/lib/server/restaurants/restaurants";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/favorites/restaurants", async ({ user, query }) => restaurantsToJson(await listFavoriteRestaurants(user.id, query)));
