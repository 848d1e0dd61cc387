import { json, parseId, parseQuery, route } from "@/lib/server/web/http";
import { requireUser } from "@/lib/server/web/session";
import { walletStatement } from "@/lib/server/wallet/wallet";
import { pagingSchema } from "@/lib/validation/browse";

// GET /api/users/wallet/{id}/transactions - the caller's wallet statement, newest first
export const GET = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const paging = parseQuery(request, pagingSchema);
  const user = await requireUser();
  return json({ transactions: await walletStatement(user, id, paging) });
});
