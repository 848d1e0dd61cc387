import { config } from "@/lib/server/platform/config";
import { changePassword, userToJson } from "@/lib/server/accounts/users";
import { startSession } from "@/lib/server/web/session";
import { clientAddress } from "@/lib/server/web/client-address";
import { handle } from "@/lib/server/web/handle";

export const PUT = handle("PUT /api/users/{id}/password", async ({ request, user, params, body }) => {
  const updated = await changePassword(user, params.id, body, clientAddress(request, config().trustProxy));
  await startSession(updated);
  return userToJson(updated);
});
