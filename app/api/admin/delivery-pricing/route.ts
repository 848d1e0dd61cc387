import { marketPricingJson, putMarketPricing } from "@/lib/server/pricing/market";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/admin/delivery-pricing", async ({ query }) => marketPricingJson(query.market));

export const PUT = handle("PUT /api/admin/delivery-pricing", async ({ operator, query, body }) => putMarketPricing(operator, body, query.market));
