import { json, parseBody, parseId, route } from "@/lib/server/web/http";
import { createPromotion, listPromotions, promotionToJson } from "@/lib/server/promotions/manage";
import { requireUser } from "@/lib/server/web/session";
import { promotionInputSchema } from "@/lib/validation/promotions";

// GET /api/manage/{restaurantId}/promotions -> { promotions }: the owner's live promotions, newest first.
export const GET = route<{ id: string }>(async (_request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  return json({ promotions: (await listPromotions(user, id)).map(promotionToJson) });
});

// POST /api/manage/{restaurantId}/promotions - { code?, kind, value, maxDiscount?, minSubtotal?, startsAt?,
// endsAt?, firstOrderOnly?, perCustomerLimit?, totalLimit? } -> 201 { promotion }; 409 beside `code` when taken.
export const POST = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  const input = await parseBody(request, promotionInputSchema);
  return json({ promotion: promotionToJson(await createPromotion(user, id, input)) }, 201);
});
