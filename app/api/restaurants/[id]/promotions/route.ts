import { json, parseId, route } from "@/lib/server/web/http";
import { automaticOffers } from "@/lib/server/promotions/manage";
import { getRestaurant } from "@/lib/server/restaurants/restaurants";

// GET /api/restaurants/{id}/promotions -> { offers: [{ id, kind, label, firstOrderOnly, endsAt }] }: the
// restaurant's automatic offers live now (anyone; codes are never listed). 404 when unknown.
export const GET = route<{ id: string }>(async (_request, params) => {
  const id = parseId(params.id);
  await getRestaurant(id);
  return json({ offers: await automaticOffers(id) });
});
