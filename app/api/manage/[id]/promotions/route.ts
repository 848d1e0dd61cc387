import { createPromotion, listPromotions, promotionsCurrency, promotionToJson } from "@/lib/server/promotions/manage";
import { handle } from "@/lib/server/web/handle";
import { languageOfRequest } from "@/lib/server/web/request-language";

export const GET = handle("GET /api/manage/{id}/promotions", async ({ request, user, params, query }) => {
  const page = await listPromotions(user, params.id, query);
  const [now, currency] = [new Date(), await promotionsCurrency(params.id)];
  return {
    promotions: page.promotions.map((p) => promotionToJson(p.promotion, currency, p.results, now, languageOfRequest(request))),
    hasMore: page.hasMore,
    nextOffset: page.nextOffset,
  };
});

export const POST = handle("POST /api/manage/{id}/promotions", async ({ request, user, params, body }) => ({
  promotion: promotionToJson(await createPromotion(user, params.id, body), await promotionsCurrency(params.id), undefined, undefined, languageOfRequest(request)),
}));
