import { parseQuery, route } from "@/lib/server/web/http";
import { searchUntil } from "@/lib/server/search/index";
import { sharedJson } from "@/lib/server/web/shared-responses";
import { searchQuerySchema } from "@/lib/validation/search";

// GET /api/search - ?q=&type=all|restaurants|dishes&cuisine=A,B&minRating=&priceLevel=A,B&maxDeliveryMinutes=&maxDishPrice=&sort=best|rating|delivery_time|price&limit=&offset=
//                   -> { restaurants, dishes, total: { restaurants, dishes }, facets: { cuisine }, suggestion }
// The answer depends on the URL and the catalog only, so the host (server/) replays it until either
// changes (lib/server/web/shared-responses.ts).
export const GET = route(async (request) => {
  const query = parseQuery(request, searchQuerySchema);
  return sharedJson(async () => {
    const { result, until } = await searchUntil(query);
    return { body: result, until };
  });
});
