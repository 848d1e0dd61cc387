import { automaticOffers } from "@/lib/server/promotions/manage";
import { getRestaurant } from "@/lib/server/restaurants/restaurants";
import { getCurrentUser } from "@/lib/server/web/session";
import { handle } from "@/lib/server/web/handle";
import { languageOfRequest } from "@/lib/server/web/request-language";

// Codes are never listed. Read with the session (when there is one), the answer is private (lib/server/web/route.ts).
export const GET = handle("GET /api/restaurants/{id}/promotions", async ({ request, params }) => {
  const restaurant = await getRestaurant(params.id);
  return { offers: await automaticOffers(restaurant, await getCurrentUser(), new Date(), languageOfRequest(request)) };
});
