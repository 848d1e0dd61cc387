import { userToJson } from "@/lib/server/accounts/users";
import { deductWallet } from "@/lib/server/wallet/wallet";
import { handle } from "@/lib/server/web/handle";

export const PUT = handle("PUT /api/users/wallet/deduct/{id}", async ({ user, params, body }) => userToJson(await deductWallet(user, params.id, body.amount)));
