import { csvDownload } from "@/lib/server/web/csv";
import { insightsCsv } from "@/lib/server/insights/export";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/manage/{id}/exports/insights.csv", async ({ user, params: { id }, query: range }) =>
  csvDownload(`nosh-${id}-insights-${range.from}-to-${range.to}.csv`, await insightsCsv(user, id, range)),
);
