import { removeLinkedSignIn } from "@/lib/server/accounts/linked-sign-ins";
import { handle } from "@/lib/server/web/handle";
import { said } from "@/lib/shared/words/said";

export const DELETE = handle("DELETE /api/account/sign-ins/{id}", async ({ user, params }) => {
  await removeLinkedSignIn(user, params.id);
  return { message: said("done.signInRemoved") };
});
