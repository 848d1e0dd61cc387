import { actOnRestaurant } from "@/lib/server/operators/restaurants";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/admin/restaurants/{id}", async ({ operator, params, body }) => ({ restaurant: await actOnRestaurant(operator, params.id, body) }));
