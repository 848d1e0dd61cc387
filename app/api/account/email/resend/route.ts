import { resendVerification, VERIFY_MESSAGES } from "@/lib/server/accounts/email-verification";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/account/email/resend", async ({ user }) => ({ ...(await resendVerification(user)), message: VERIFY_MESSAGES.sent }));
