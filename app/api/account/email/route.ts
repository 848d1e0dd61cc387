import { emailStatus } from "@/lib/server/accounts/email-verification";
import { forbidden } from "@/lib/server/platform/errors";
import { handle } from "@/lib/server/web/handle";
import { said } from "@/lib/shared/words/said";

export const GET = handle("GET /api/account/email", ({ user }) => {
  if (user.guestAccount) throw forbidden(said("messages.signUpVerify"));
  return emailStatus(user.id);
});
