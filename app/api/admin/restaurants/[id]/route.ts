import { requireOperator } from "@/lib/server/admin/access";
import { actOnRestaurant } from "@/lib/server/admin/restaurants";
import { json, parseBody, parseId, route } from "@/lib/server/web/http";
import { restaurantActionSchema } from "@/lib/validation/admin";

// POST /api/admin/restaurants/{id} { action: suspend|restore, reason } | { action: commission, commissionPercent, reason }
// -> { restaurant }: 403 on the operator's own restaurant, 409 when already in that state.
export const POST = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const operator = await requireOperator();
  const input = await parseBody(request, restaurantActionSchema);
  return json({ restaurant: await actOnRestaurant(operator, id, input) });
});
