import { addGroupLine } from "@/lib/server/group-orders/add-line";
import { json, parseBody, route } from "@/lib/server/web/http";
import { requireUser } from "@/lib/server/web/session";
import { addGroupLineSchema } from "@/lib/validation/group-orders";

// POST /api/group-orders/{token}/lines { menuItemId, quantity, options?, instructions? } -> 201 the group.
export const POST = route<{ token: string }>(async (request, params) => {
  const user = await requireUser();
  const input = await parseBody(request, addGroupLineSchema);
  return json(await addGroupLine(user, params.token, input), 201);
});
