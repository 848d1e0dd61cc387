import { restaurantArrival } from "@/lib/server/orders/arrival-quotes";
import { getRestaurant } from "@/lib/server/restaurants/restaurants";
import { getCurrentUser } from "@/lib/server/web/session";
import { handle } from "@/lib/server/web/handle";

// Read with the session (the caller's saved place when no address is sent), the answer is private (lib/server/web/route.ts).
export const GET = handle("GET /api/restaurants/{id}/arrival", async ({ params, query }) =>
  restaurantArrival(await getRestaurant(params.id), query, await getCurrentUser()),
);
