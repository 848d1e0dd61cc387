import { requireOperator } from "@/lib/server/admin/access";
import { listAdminCouriers } from "@/lib/server/admin/couriers";
import { json, parseQuery, route } from "@/lib/server/web/http";
import { adminCouriersQuerySchema } from "@/lib/validation/admin";

// GET /api/admin/couriers?q=&status=applied|approved|suspended&limit=&offset= -> { items, hasMore, nextOffset }
export const GET = route(async (request) => {
  const operator = await requireOperator();
  return json(await listAdminCouriers(operator, parseQuery(request, adminCouriersQuerySchema)));
});
