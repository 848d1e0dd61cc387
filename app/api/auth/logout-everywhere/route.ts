import { removeAllPasskeys } from "@/lib/server/accounts/passkeys";
import { endAllSessions } from "@/lib/server/web/session";
import { handle } from "@/lib/server/web/handle";
import { said } from "@/lib/shared/words/said";

export const POST = handle("POST /api/auth/logout-everywhere", async ({ user, body }) => {
  // The page's choice: the passkeys go first, so none of them signs in again after this.
  const passkeysRemoved = body.removePasskeys ? await removeAllPasskeys(user.id) : 0;
  await endAllSessions(user.id);
  return { message: said("done.loggedOutEverywhere"), passkeysRemoved };
});
