import { csvDownload } from "@/lib/server/web/csv";
import { parseId, parseQuery, route } from "@/lib/server/web/http";
import { payoutsCsv } from "@/lib/server/payouts/restaurant";
import { requireUser } from "@/lib/server/web/session";
import { dateRangeSchema } from "@/lib/validation/insights";

// GET /api/manage/{id}/exports/payouts.csv?from=&to= - the restaurant's earnings entries (orders'
// gross, commission, discount, net; refunds; payouts) of a range of its days, as an attachment.
export const GET = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  const range = parseQuery(request, dateRangeSchema);
  return csvDownload(`nosh-${id}-payouts-${range.from}-to-${range.to}.csv`, await payoutsCsv(user, id, range));
});
