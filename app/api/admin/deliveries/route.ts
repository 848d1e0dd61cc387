import { requireOperator } from "@/lib/server/admin/access";
import { listAdminDeliveries } from "@/lib/server/admin/deliveries";
import { json, parseQuery, route } from "@/lib/server/web/http";
import { adminDeliveriesQuerySchema } from "@/lib/validation/admin";

// GET /api/admin/deliveries?status=flagged|failed&limit=&offset= - deliveries that need an operator: flagged ones (their pay
// waiting for a decision first), or failed ones with the courier's own words: { items, hasMore, nextOffset }
export const GET = route(async (request) => {
  const operator = await requireOperator();
  return json(await listAdminDeliveries(operator, parseQuery(request, adminDeliveriesQuerySchema)));
});
