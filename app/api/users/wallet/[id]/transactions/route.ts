import { walletStatement } from "@/lib/server/wallet/wallet";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/users/wallet/{id}/transactions", async ({ user, params, query }) => ({
  transactions: await walletStatement(user, params.id, query),
}));
