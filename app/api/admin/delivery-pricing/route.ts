import { marketPricingJson, setMarketPricing } from "@/lib/server/pricing/market";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/admin/delivery-pricing", async () => marketPricingJson());

export const PUT = handle("PUT /api/admin/delivery-pricing", async ({ operator, body }) => setMarketPricing(operator, body));
