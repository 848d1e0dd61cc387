import { config } from "@/lib/server/platform/config";
import { startSession } from "@/lib/server/web/session";
import { createGuest, userToJson } from "@/lib/server/accounts/users";
import { clientAddress } from "@/lib/server/web/client-address";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/auth/guest", async ({ request }) => {
  const user = await createGuest(clientAddress(request, config().trustProxy));
  await startSession(user);
  return userToJson(user);
});
