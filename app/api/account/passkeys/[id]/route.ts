import { removePasskey } from "@/lib/server/accounts/passkeys";
import { handle } from "@/lib/server/web/handle";
import { said } from "@/lib/shared/words/said";

export const DELETE = handle("DELETE /api/account/passkeys/{id}", async ({ user, params }) => {
  await removePasskey(user, params.id);
  return { message: said("done.passkeyRemoved") };
});
