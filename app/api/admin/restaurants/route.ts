import { requireOperator } from "@/lib/server/admin/access";
import { listAdminRestaurants } from "@/lib/server/admin/restaurants";
import { json, parseQuery, route } from "@/lib/server/web/http";
import { adminRestaurantsQuerySchema } from "@/lib/validation/admin";

// GET /api/admin/restaurants?q=&status=taking|closed|suspended&limit=&offset= -> { items, hasMore, nextOffset }
export const GET = route(async (request) => {
  const operator = await requireOperator();
  return json(await listAdminRestaurants(operator, parseQuery(request, adminRestaurantsQuerySchema)));
});
