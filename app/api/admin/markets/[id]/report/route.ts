import { marketReport } from "@/lib/server/markets/report";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/admin/markets/{id}/report", async ({ operator, params, query }) => marketReport(operator, params.id, query));
