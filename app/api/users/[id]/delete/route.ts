import { deleteAccount } from "@/lib/server/accounts/account";
import { config } from "@/lib/server/platform/config";
import { clientAddress, json, parseBody, parseId, route } from "@/lib/server/web/http";
import { clearSessionCookie, requireUser } from "@/lib/server/web/session";
import { ACCOUNT_MESSAGES, deleteAccountSchema } from "@/lib/validation/account";

// POST /api/users/{id}/delete - { password }: closes the caller's own account; every session ends
export const POST = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  const input = await parseBody(request, deleteAccountSchema);
  await deleteAccount(user, id, input, clientAddress(request, config().trustProxy));
  await clearSessionCookie();
  return json({ message: ACCOUNT_MESSAGES.deleted });
});
