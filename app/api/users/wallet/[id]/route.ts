import { userToJson } from "@/lib/server/accounts/users";
import { topUpWallet } from "@/lib/server/wallet/wallet";
import { handle } from "@/lib/server/web/handle";

export const PUT = handle("PUT /api/users/wallet/{id}", async ({ user, params, body }) => userToJson(await topUpWallet(user, params.id, body.amount)));
