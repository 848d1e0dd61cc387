import { emailStatus } from "@/lib/server/accounts/email-verification";
import { forbidden } from "@/lib/server/platform/errors";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/account/email", ({ user }) => {
  if (user.guestAccount) throw forbidden("Sign up to verify an email address");
  return emailStatus(user.id);
});
