import { downloadName, exportData } from "@/lib/server/accounts/account";
import { download } from "@/lib/server/web/csv";
import { parseId, route } from "@/lib/server/web/http";
import { requireUser } from "@/lib/server/web/session";

// GET /api/users/{id}/export - the caller's own data as one JSON file, streamed
export const GET = route<{ id: string }>(async (_request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  const chunks = exportData(user, id);
  return download(downloadName("nosh-data", "json"), "application/json; charset=utf-8", chunks);
});
