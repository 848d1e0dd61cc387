import { json, parseBody, parseId, route } from "@/lib/server/web/http";
import { requireUser } from "@/lib/server/web/session";
import { userToJson } from "@/lib/server/accounts/users";
import { deductWallet } from "@/lib/server/wallet/wallet";
import { walletAmountSchema } from "@/lib/validation/checkout";

// PUT /api/users/wallet/deduct/{id} - { amount } taken from the caller's own wallet, atomically,
// never below zero (400 "Insufficient funds")
export const PUT = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  const { amount } = await parseBody(request, walletAmountSchema);
  return json(userToJson(await deductWallet(user, id, amount)));
});
