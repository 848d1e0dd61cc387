import { registrationOptions, relyingPartyOf } from "@/lib/server/accounts/passkeys";
import { config } from "@/lib/server/platform/config";
import { clientAddress } from "@/lib/server/web/client-address";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/account/passkeys/options", ({ request, user, body }) =>
  registrationOptions(user, body, relyingPartyOf(request), clientAddress(request, config().trustProxy)),
);
