import { restaurantArrivals } from "@/lib/server/orders/arrival-quotes";
import { getCurrentUser } from "@/lib/server/web/session";
import { handle } from "@/lib/server/web/handle";

// Read with the session (the caller's saved place when no address is sent), the answer is private (lib/server/web/route.ts).
export const GET = handle("GET /api/restaurants/arrivals", async ({ query }) => restaurantArrivals(query.ids, query, await getCurrentUser()));
