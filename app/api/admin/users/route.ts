import { requireOperator } from "@/lib/server/admin/access";
import { listAdminUsers } from "@/lib/server/admin/users";
import { json, parseQuery, route } from "@/lib/server/web/http";
import { adminUsersQuerySchema } from "@/lib/validation/admin";

// GET /api/admin/users?q=EMAIL|PHONE|NAME&limit=&offset= -> { items, hasMore, nextOffset }
export const GET = route(async (request) => {
  const operator = await requireOperator();
  return json(await listAdminUsers(operator, parseQuery(request, adminUsersQuerySchema)));
});
