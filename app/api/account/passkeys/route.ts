import { listPasskeys, registerPasskey, relyingPartyOf } from "@/lib/server/accounts/passkeys";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/account/passkeys", async ({ user }) => ({ passkeys: await listPasskeys(user) }));

export const POST = handle("POST /api/account/passkeys", async ({ request, user, body }) => ({
  passkey: await registerPasskey(user, body, relyingPartyOf(request)),
}));
