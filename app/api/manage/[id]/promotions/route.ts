import { createPromotion, listPromotions, promotionsCurrency, promotionToJson } from "@/lib/server/promotions/manage";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/manage/{id}/promotions", async ({ user, params, query }) => {
  const page = await listPromotions(user, params.id, query);
  const [now, currency] = [new Date(), await promotionsCurrency(params.id)];
  return { promotions: page.promotions.map((p) => promotionToJson(p.promotion, currency, p.results, now)), hasMore: page.hasMore, nextOffset: page.nextOffset };
});

export const POST = handle("POST /api/manage/{id}/promotions", async ({ user, params, body }) => ({
  promotion: promotionToJson(await createPromotion(user, params.id, body), await promotionsCurrency(params.id)),
}));
