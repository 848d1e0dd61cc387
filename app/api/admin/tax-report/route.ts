import { taxReport } from "@/lib/server/tax/report";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/admin/tax-report", async ({ operator, query }) => taxReport(operator, query));
