import { removeLinkedSignIn } from "@/lib/server/accounts/linked-sign-ins";
import { handle } from "@/lib/server/web/handle";

export const DELETE = handle("DELETE /api/account/sign-ins/{id}", async ({ user, params }) => {
  await removeLinkedSignIn(user, params.id);
  return { message: "Sign-in removed" };
});
