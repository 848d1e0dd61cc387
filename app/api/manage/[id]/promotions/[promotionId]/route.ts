import { deletePromotion, promotionResults, promotionsCurrency, promotionToJson, updatePromotion } from "@/lib/server/promotions/manage";
import { handle } from "@/lib/server/web/handle";
import { languageOfRequest } from "@/lib/server/web/request-language";
import { said } from "@/lib/shared/words/said";

export const PUT = handle("PUT /api/manage/{id}/promotions/{promotionId}", async ({ request, user, params: { id, promotionId }, body }) => {
  const promotion = await updatePromotion(user, id, promotionId, body);
  return {
    promotion: promotionToJson(
      promotion,
      await promotionsCurrency(id),
      (await promotionResults(id, [promotionId])).get(promotionId),
      undefined,
      languageOfRequest(request),
    ),
  };
});

export const DELETE = handle("DELETE /api/manage/{id}/promotions/{promotionId}", async ({ user, params: { id, promotionId } }) => {
  await deletePromotion(user, id, promotionId);
  return { message: said("done.promotionDeleted"), id: promotionId };
});
