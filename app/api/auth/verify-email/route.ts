import { confirmVerification, verifyMessage } from "@/lib/server/accounts/email-verification";
import { handle } from "@/lib/server/web/handle";
import { languageOfRequest } from "@/lib/server/web/request-language";

// The link is the authority (no session needed): the token is used once. The message is shown as it comes: in the request's language.
export const POST = handle("POST /api/auth/verify-email", async ({ body, request }) => {
  const { email } = await confirmVerification(body.token);
  return { message: verifyMessage("verified", languageOfRequest(request)), email };
});
