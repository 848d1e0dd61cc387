import { resendVerification, verifyMessage } from "@/lib/server/accounts/email-verification";
import { handle } from "@/lib/server/web/handle";
import { languageOfRequest } from "@/lib/server/web/request-language";

// The message is shown as it comes (a toast): in the request's language.
export const POST = handle("POST /api/account/email/resend", async ({ user, request }) => ({
  ...(await resendVerification(user)),
  message: verifyMessage("sent", languageOfRequest(request)),
}));
