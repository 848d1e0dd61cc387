import { csvDownload } from "@/lib/server/web/csv";
import { parseId, parseQuery, route } from "@/lib/server/web/http";
import { ordersCsv } from "@/lib/server/insights/export";
import { requireUser } from "@/lib/server/web/session";
import { dateRangeSchema } from "@/lib/validation/insights";

// GET /api/manage/{id}/exports/orders.csv?from=&to= - the owner's orders of a range of the
// restaurant's days, one CSV record per order line, streamed as an attachment.
export const GET = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  const range = parseQuery(request, dateRangeSchema);
  return csvDownload(`nosh-${id}-orders-${range.from}-to-${range.to}.csv`, await ordersCsv(user, id, range));
});
