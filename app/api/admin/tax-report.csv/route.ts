import { requireOperator } from "@/lib/server/admin/access";
import { taxReportCsv } from "@/lib/server/tax/report";
import { csvDownload } from "@/lib/server/web/csv";
import { parseQuery, route } from "@/lib/server/web/http";
import { taxReportQuerySchema } from "@/lib/validation/tax";

// GET /api/admin/tax-report.csv?from=&to= - the tax report as CSV, an attachment
export const GET = route(async (request) => {
  const operator = await requireOperator();
  const query = parseQuery(request, taxReportQuerySchema);
  return csvDownload(`nosh-tax-${query.from}-to-${query.to}.csv`, await taxReportCsv(operator, query));
});
