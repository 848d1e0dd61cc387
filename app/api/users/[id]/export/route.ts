import { downloadName, exportData } from "@/lib/server/account";
import { textStream } from "@/lib/server/csv";
import { parseId, route } from "@/lib/server/http";
import { requireUser } from "@/lib/server/session";

// GET /api/users/{id}/export - the caller's own data as one JSON file, streamed
export const GET = route<{ id: string }>(async (_request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  const chunks = exportData(user, id);
  return new Response(textStream(chunks), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${downloadName("nosh-data", "json")}"`,
      "Cache-Control": "private, no-store",
    },
  });
});
