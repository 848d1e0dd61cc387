import { json, parseBody, parseId, route } from "@/lib/server/web/http";
import { requireUser } from "@/lib/server/web/session";
import { userToJson } from "@/lib/server/accounts/users";
import { topUpWallet } from "@/lib/server/wallet/wallet";
import { walletAmountSchema } from "@/lib/validation/checkout";

// PUT /api/users/wallet/{id} - { amount } added to the caller's own wallet (0 < amount <= 10000)
export const PUT = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  const { amount } = await parseBody(request, walletAmountSchema);
  return json(userToJson(await topUpWallet(user, id, amount)));
});
