import { registrationOptions, relyingPartyOf } from "@/lib/server/accounts/passkeys";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/account/passkeys/options", ({ request, user }) => registrationOptions(user, relyingPartyOf(request)));
