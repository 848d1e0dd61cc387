import { csvDownload } from "@/lib/server/web/csv";
import { parseId, parseQuery, route } from "@/lib/server/web/http";
import { insightsCsv } from "@/lib/server/insights/export";
import { requireUser } from "@/lib/server/web/session";
import { dateRangeSchema } from "@/lib/validation/insights";

// GET /api/manage/{id}/exports/insights.csv?from=&to= - the insights page's figures for a
// range as tidy CSV (section, key, metric, value), streamed as an attachment.
export const GET = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  const range = parseQuery(request, dateRangeSchema);
  return csvDownload(`nosh-${id}-insights-${range.from}-to-${range.to}.csv`, await insightsCsv(user, id, range));
});
