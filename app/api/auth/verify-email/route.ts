import { confirmVerification, VERIFY_MESSAGES } from "@/lib/server/accounts/email-verification";
import { handle } from "@/lib/server/web/handle";

// The link is the authority (no session needed): the token is used once.
export const POST = handle("POST /api/auth/verify-email", async ({ body }) => {
  const { email } = await confirmVerification(body.token);
  return { message: VERIFY_MESSAGES.verified, email };
});
