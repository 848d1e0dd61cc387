import { promotionsCurrency, promotionToJson } from "@/lib/server/promotions/manage";
import { createPlatformOffer, listPlatformOffers } from "@/lib/server/promotions/platform-offers";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/admin/restaurants/{id}/offers", async ({ operator, params }) => {
  const [offers, currency, now] = [await listPlatformOffers(operator, params.id), await promotionsCurrency(params.id), new Date()];
  return { offers: offers.map((p) => promotionToJson(p.promotion, currency, p.results, now)) };
});

export const POST = handle("POST /api/admin/restaurants/{id}/offers", async ({ operator, params, body }) => ({
  offer: promotionToJson(await createPlatformOffer(operator, params.id, body), await promotionsCurrency(params.id)),
}));
