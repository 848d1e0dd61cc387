import { endPlatformOffer } from "@/lib/server/promotions/platform-offers";
import { handle } from "@/lib/server/web/handle";
import { said } from "@/lib/shared/words/said";

export const DELETE = handle("DELETE /api/admin/restaurants/{id}/offers/{promotionId}", async ({ operator, params: { id, promotionId } }) => {
  await endPlatformOffer(operator, id, promotionId);
  return { message: said("done.promotionDeleted"), id: promotionId };
});
