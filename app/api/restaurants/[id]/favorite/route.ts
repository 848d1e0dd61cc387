import { setFavoriteRestaurant } from "@/lib/server/restaurants/favorites";
import { handle } from "@/lib/server/web/handle";

export const PUT = handle("PUT /api/restaurants/{id}/favorite", ({ user, params }) => setFavoriteRestaurant(user.id, params.id, true));
export const DELETE = handle("DELETE /api/restaurants/{id}/favorite", ({ user, params }) => setFavoriteRestaurant(user.id, params.id, false));
