import { after } from "next/server";
import { RESET_SAID } from "@/lib/contract/accounts/auth-rules";
import { requestPasswordReset } from "@/lib/server/accounts/password-reset";
import { config } from "@/lib/server/platform/config";
import { appLog } from "@/lib/server/platform/log";
import { takePasswordResetSlot } from "@/lib/server/platform/throttle";
import { clientAddress } from "@/lib/server/web/client-address";
import { handle } from "@/lib/server/web/handle";
import { languageOfRequest } from "@/lib/server/web/request-language";
import { errorTextIn } from "@/lib/server/platform/errors";

// The same answer, after the same work, whether or not an account uses the email: the throttle
// counts the email either way, and the account's link and mail are made after the answer is sent.
export const POST = handle("POST /api/auth/password-reset", async ({ request, body }) => {
  await takePasswordResetSlot(body.email, clientAddress(request, config().trustProxy));
  after(() => requestPasswordReset(body.email).catch((error: unknown) => appLog.error("password reset request failed", { err: error })));
  // The answer the form shows, in the request's language (the catalogue's server.errors.rules.screens).
  return { message: errorTextIn(languageOfRequest(request), RESET_SAID.requested) };
});
