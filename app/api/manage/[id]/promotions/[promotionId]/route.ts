import { json, parseBody, parseId, route } from "@/lib/server/web/http";
import { deletePromotion, promotionResults, promotionToJson, updatePromotion } from "@/lib/server/promotions/manage";
import { requireUser } from "@/lib/server/web/session";
import { promotionInputSchema } from "@/lib/validation/promotions";

// PUT /api/manage/{restaurantId}/promotions/{id} - every field, as on create -> { promotion } (with its results so far).
export const PUT = route<{ id: string; promotionId: string }>(async (request, params) => {
  const restaurantId = parseId(params.id);
  const id = parseId(params.promotionId);
  const user = await requireUser();
  const input = await parseBody(request, promotionInputSchema);
  const promotion = await updatePromotion(user, restaurantId, id, input);
  return json({ promotion: promotionToJson(promotion, (await promotionResults(restaurantId, [id])).get(id)) });
});

// DELETE /api/manage/{restaurantId}/promotions/{id} -> { message, id }: no longer offered; orders that took it keep it.
export const DELETE = route<{ id: string; promotionId: string }>(async (_request, params) => {
  const restaurantId = parseId(params.id);
  const id = parseId(params.promotionId);
  const user = await requireUser();
  await deletePromotion(user, restaurantId, id);
  return json({ message: "Promotion deleted", id });
});
