import { taxReportCsv } from "@/lib/server/tax/report";
import { csvDownload } from "@/lib/server/web/csv";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/admin/tax-report.csv", async ({ operator, query }) =>
  csvDownload(`nosh-tax-${query.from}-to-${query.to}.csv`, await taxReportCsv(operator, query)),
);
