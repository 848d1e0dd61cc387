import { deleteAccount } from "@/lib/server/customer-data/delete-account";
import { ACCOUNT_SAID } from "@/lib/contract/accounts/rules";
import { config } from "@/lib/server/platform/config";
import { clearSessionCookie } from "@/lib/server/web/session";
import { clientAddress } from "@/lib/server/web/client-address";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/users/{id}/delete", async ({ request, user, params, body }) => {
  await deleteAccount(user, params.id, body, clientAddress(request, config().trustProxy));
  await clearSessionCookie();
  return { message: ACCOUNT_SAID.deleted };
});
