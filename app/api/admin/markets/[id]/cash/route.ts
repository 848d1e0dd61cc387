import { setMarketCash } from "@/lib/server/cash/admin";
import { handle } from "@/lib/server/web/handle";

export const PUT = handle("PUT /api/admin/markets/{id}/cash", async ({ operator, params, body }) => setMarketCash(operator, params.id, body));
