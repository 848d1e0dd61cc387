import { json, parseId, route } from "@/lib/server/web/http";
import { reorder } from "@/lib/server/orders/reorder";
import { reorderToJson } from "@/lib/server/orders/to-json";
import { requireUser } from "@/lib/server/web/session";

// POST /api/orders/{id}/reorder - a new Active order from a past order's lines at today's
// prices -> 201 { order, changes: { unavailable, repriced: [{ name, was, now }], choices: [{ menuItemId, name, message, added }] } } (dollars)
export const POST = route<{ id: string }>(async (_request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  const { order, changes } = await reorder(user, id);
  return json(reorderToJson(order, changes), 201);
});
