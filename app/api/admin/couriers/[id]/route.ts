import { requireOperator } from "@/lib/server/admin/access";
import { actOnCourier } from "@/lib/server/admin/couriers";
import { json, parseBody, parseId, route } from "@/lib/server/web/http";
import { courierActionSchema } from "@/lib/validation/admin";

// POST /api/admin/couriers/{id} { action: approve|suspend|restore, reason } -> { courier: { id, status } }
export const POST = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const operator = await requireOperator();
  const input = await parseBody(request, courierActionSchema);
  return json({ courier: await actOnCourier(operator, id, input) });
});
