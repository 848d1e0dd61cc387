import { removeGroupLine } from "@/lib/server/group-orders/remove-line";
import { updateGroupLine } from "@/lib/server/group-orders/update-line";
import { json, parseBody, parseId, route } from "@/lib/server/web/http";
import { requireUser } from "@/lib/server/web/session";
import { updateGroupLineSchema } from "@/lib/validation/group-orders";

type Params = { token: string; lineId: string };

// PATCH /api/group-orders/{token}/lines/{lineId} { quantity } (own lines) -> the group.
export const PATCH = route<Params>(async (request, params) => {
  const lineId = parseId(params.lineId, "lineId");
  const user = await requireUser();
  const { quantity } = await parseBody(request, updateGroupLineSchema);
  return json(await updateGroupLine(user, params.token, lineId, quantity));
});

// DELETE /api/group-orders/{token}/lines/{lineId} (own lines; the host: anyone's) -> the group.
export const DELETE = route<Params>(async (_request, params) => {
  const lineId = parseId(params.lineId, "lineId");
  const user = await requireUser();
  return json(await removeGroupLine(user, params.token, lineId));
});
