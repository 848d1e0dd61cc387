import { requireOperator } from "@/lib/server/admin/access";
import { actOnUser, adminUserDetail } from "@/lib/server/admin/users";
import { json, parseBody, parseId, parseQuery, route } from "@/lib/server/web/http";
import { adminUserDetailQuerySchema, userActionSchema } from "@/lib/validation/admin";

// GET /api/admin/users/{id}?limit=&offset= -> { user, orders, walletTransactions } (read only; a page of each)
export const GET = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const operator = await requireOperator();
  return json(await adminUserDetail(operator, id, parseQuery(request, adminUserDetailQuerySchema)));
});

// POST /api/admin/users/{id} { action: suspend|restore, reason } -> { user }: suspending ends every session at once.
export const POST = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const operator = await requireOperator();
  const input = await parseBody(request, userActionSchema);
  return json({ user: await actOnUser(operator, id, input) });
});
