import { requireOperator } from "@/lib/server/admin/access";
import { listAdminOrders } from "@/lib/server/admin/orders";
import { json, parseQuery, route } from "@/lib/server/web/http";
import { adminOrdersQuerySchema } from "@/lib/validation/admin";

// GET /api/admin/orders?stage=&since=hour&limit=&offset= - the orders behind the dashboard, newest first: { items, hasMore, nextOffset }
export const GET = route(async (request) => {
  const operator = await requireOperator();
  return json(await listAdminOrders(operator, parseQuery(request, adminOrdersQuerySchema)));
});
