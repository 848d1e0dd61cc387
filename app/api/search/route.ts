import { json, parseQuery, route } from "@/lib/server/http";
import { search } from "@/lib/server/search";
import { searchQuerySchema } from "@/lib/validation/search";

// GET /api/search - ?q=&type=all|restaurants|dishes&cuisine=A,B&minRating=&priceLevel=A,B&maxDeliveryMinutes=&maxDishPrice=&sort=best|rating|delivery_time|price&limit=&offset=
//                   -> { restaurants, dishes, total: { restaurants, dishes }, facets: { cuisine }, suggestion }
export const GET = route(async (request) => json(await search(parseQuery(request, searchQuerySchema))));
