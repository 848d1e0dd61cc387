import { csvDownload } from "@/lib/server/web/csv";
import { ordersCsv } from "@/lib/server/insights/export";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/manage/{id}/exports/orders.csv", async ({ user, params: { id }, query: range }) =>
  csvDownload(`nosh-${id}-orders-${range.from}-to-${range.to}.csv`, await ordersCsv(user, id, range)),
);
