import { restaurantArrival } from "@/lib/server/orders/arrival-quotes";
import { getRestaurant } from "@/lib/server/restaurants/restaurants";
import { getCurrentUser } from "@/lib/server/web/session";
import { handle } from "@/lib/server/web/handle";
import { languageOfRequest } from "@/lib/server/web/request-language";

// Read with the session (the caller's saved place when no address is sent), the answer is private (lib/server/web/route.ts).
// The on-time record's `text` (human text, lib/contract/restaurants/schemas.ts) is in the request's language.
export const GET = handle("GET /api/restaurants/{id}/arrival", async ({ params, query, request }) =>
  restaurantArrival(await getRestaurant(params.id), query, await getCurrentUser(), new Date(), languageOfRequest(request)),
);
