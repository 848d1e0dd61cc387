import { setTopUpLimits, topUpLimitsJson } from "@/lib/server/payments/top-up-limits";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/admin/top-up-limits", async ({ query }) => topUpLimitsJson(query.currency));

export const PUT = handle("PUT /api/admin/top-up-limits", async ({ operator, body }) => setTopUpLimits(operator, body));
