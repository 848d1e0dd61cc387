import { removeGroupLine } from "@/lib/server/group-orders/remove-line";
import { updateGroupLine } from "@/lib/server/group-orders/update-line";
import { handle } from "@/lib/server/web/handle";

export const PATCH = handle("PATCH /api/group-orders/{token}/lines/{lineId}", ({ user, params, body }) =>
  updateGroupLine(user, params.token, params.lineId, body.quantity),
);

export const DELETE = handle("DELETE /api/group-orders/{token}/lines/{lineId}", ({ user, params }) => removeGroupLine(user, params.token, params.lineId));
