import { downloadName, walletStatementCsv } from "@/lib/server/accounts/account";
import { download } from "@/lib/server/web/csv";
import { parseId, route } from "@/lib/server/web/http";
import { requireUser } from "@/lib/server/web/session";

// GET /api/users/{id}/wallet/statement.csv - every wallet ledger row with its running balance, streamed
export const GET = route<{ id: string }>(async (_request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  const chunks = walletStatementCsv(user, id);
  return download(downloadName("nosh-wallet-statement", "csv"), "text/csv; charset=utf-8", chunks);
});
