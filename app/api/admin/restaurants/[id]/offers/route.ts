import { promotionsCurrency, promotionToJson } from "@/lib/server/promotions/manage";
import { createPlatformOffer, listPlatformOffers } from "@/lib/server/promotions/platform-offers";
import { handle } from "@/lib/server/web/handle";
import { languageOfRequest } from "@/lib/server/web/request-language";

export const GET = handle("GET /api/admin/restaurants/{id}/offers", async ({ request, operator, params }) => {
  const [offers, currency, now] = [await listPlatformOffers(operator, params.id), await promotionsCurrency(params.id), new Date()];
  return { offers: offers.map((p) => promotionToJson(p.promotion, currency, p.results, now, languageOfRequest(request))) };
});

export const POST = handle("POST /api/admin/restaurants/{id}/offers", async ({ request, operator, params, body }) => ({
  offer: promotionToJson(await createPlatformOffer(operator, params.id, body), await promotionsCurrency(params.id), undefined, undefined, languageOfRequest(request)),
}));
