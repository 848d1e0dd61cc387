import { joinGroup } from "@/lib/server/group-orders/join";
import { json, parseBody, route } from "@/lib/server/web/http";
import { requireUser } from "@/lib/server/web/session";
import { joinGroupSchema } from "@/lib/validation/group-orders";

// POST /api/group-orders/{token}/participants { displayName } -> the group; joining again renames.
export const POST = route<{ token: string }>(async (request, params) => {
  const user = await requireUser();
  const { displayName } = await parseBody(request, joinGroupSchema);
  return json(await joinGroup(user, params.token, displayName));
});
