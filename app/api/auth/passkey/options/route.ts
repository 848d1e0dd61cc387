import { loginOptions, relyingPartyOf } from "@/lib/server/accounts/passkeys";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/auth/passkey/options", ({ request }) => loginOptions(relyingPartyOf(request)));
