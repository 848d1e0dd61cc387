import { config } from "@/lib/server/platform/config";
import { clientAddress, json, parseBody, parseId, route } from "@/lib/server/web/http";
import { requireUser, startSession } from "@/lib/server/web/session";
import { changePassword, userToJson } from "@/lib/server/accounts/users";
import { passwordChangeSchema } from "@/lib/validation/auth";

// PUT /api/users/{id}/password - { current_password, new_password }; every other session ends
export const PUT = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  const input = await parseBody(request, passwordChangeSchema);
  const updated = await changePassword(user, id, input, clientAddress(request, config().trustProxy));
  await startSession(updated);
  return json(userToJson(updated));
});
