import { requireOperator } from "@/lib/server/admin/access";
import { taxReport } from "@/lib/server/tax/report";
import { json, parseQuery, route } from "@/lib/server/web/http";
import { taxReportQuerySchema } from "@/lib/validation/tax";

// GET /api/admin/tax-report?from=&to= - sales tax per jurisdiction over the marketplace's days from..to
export const GET = route(async (request) => {
  const operator = await requireOperator();
  return json(await taxReport(operator, parseQuery(request, taxReportQuerySchema)));
});
