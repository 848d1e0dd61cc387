import { RESET_SAID } from "@/lib/contract/accounts/auth-rules";
import { resetPassword } from "@/lib/server/accounts/password-reset";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/auth/password-reset/confirm", async ({ body }) => {
  await resetPassword(body.token, body.password, { removePasskeys: body.removePasskeys });
  return { message: RESET_SAID.changed };
});
