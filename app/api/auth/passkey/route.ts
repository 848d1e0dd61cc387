import { loginWithPasskey, relyingPartyOf } from "@/lib/server/accounts/passkeys";
import { userToJson } from "@/lib/server/accounts/users";
import { startSession } from "@/lib/server/web/session";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/auth/passkey", async ({ request, body }) => {
  const user = await loginWithPasskey(body.credential, relyingPartyOf(request));
  await startSession(user);
  return userToJson(user);
});
