import { json, parseBody, parseId, parseQuery, route } from "@/lib/server/web/http";
import { createPromotion, listPromotions, promotionToJson } from "@/lib/server/promotions/manage";
import { requireUser } from "@/lib/server/web/session";
import { pagingSchema } from "@/lib/validation/browse";
import { promotionInputSchema } from "@/lib/validation/promotions";

// GET /api/manage/{restaurantId}/promotions?limit=&offset= -> { promotions, hasMore, nextOffset }: one page of the
// owner's live promotions, newest first, each with its state and results (one grouped statement).
export const GET = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const paging = parseQuery(request, pagingSchema);
  const user = await requireUser();
  const page = await listPromotions(user, id, paging);
  const now = new Date();
  return json({ promotions: page.promotions.map((p) => promotionToJson(p.promotion, p.results, now)), hasMore: page.hasMore, nextOffset: page.nextOffset });
});

// POST /api/manage/{restaurantId}/promotions - { code?, kind, value, maxDiscount?, minSubtotal?, startsAt?,
// endsAt?, firstOrderOnly?, perCustomerLimit?, totalLimit? } -> 201 { promotion }; 409 beside `code` when taken.
export const POST = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  const input = await parseBody(request, promotionInputSchema);
  return json({ promotion: promotionToJson(await createPromotion(user, id, input)) }, 201);
});
