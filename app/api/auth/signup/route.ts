import { config } from "@/lib/server/platform/config";
import { getCurrentUser, startSession } from "@/lib/server/web/session";
import { signUp, userToJson } from "@/lib/server/accounts/users";
import { clientAddress } from "@/lib/server/web/client-address";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/auth/signup", async ({ request, body }) => {
  const user = await signUp(body, await getCurrentUser(), clientAddress(request, config().trustProxy));
  await startSession(user);
  return userToJson(user);
});
