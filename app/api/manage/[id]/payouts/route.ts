import { payOutRestaurant, restaurantPayouts } from "@/lib/server/payouts/restaurant";
import { dateRangeSchema } from "@/lib/contract/restaurants/insights-rules";
import { handle } from "@/lib/server/web/handle";
import { parseQuery } from "@/lib/server/web/url-input";

// A range only when one is asked for: without, the last 30 days.
export const GET = handle("GET /api/manage/{id}/payouts", ({ request, user, params }) => {
  const ranged = request.nextUrl.searchParams.has("from") || request.nextUrl.searchParams.has("to");
  return restaurantPayouts(user, params.id, ranged ? parseQuery(request, dateRangeSchema) : null);
});

export const POST = handle("POST /api/manage/{id}/payouts", ({ user, params, body }) => payOutRestaurant(user, params.id, body.amount));
