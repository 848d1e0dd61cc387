import { json, parseId, route } from "@/lib/server/web/http";
import { automaticOffers } from "@/lib/server/promotions/manage";
import { getRestaurant } from "@/lib/server/restaurants/restaurants";
import { getCurrentUser } from "@/lib/server/web/session";

// GET /api/restaurants/{id}/promotions -> { offers: [{ id, kind, label, firstOrderOnly, startsAt, endsAt, unavailable }] }:
// the restaurant's automatic offers not ended nor used up (anyone; codes are never listed), each with why the
// caller cannot take it now (not started; signed in: used, first order only) or null. 404 when unknown.
// Read with the session (when there is one), the answer is private (lib/server/web/http.ts).
export const GET = route<{ id: string }>(async (_request, params) => {
  const id = parseId(params.id);
  const restaurant = await getRestaurant(id);
  const user = await getCurrentUser();
  return json({ offers: await automaticOffers(restaurant, user) });
});
