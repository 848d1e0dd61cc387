import { csvDownload } from "@/lib/server/web/csv";
import { payoutsCsv } from "@/lib/server/payouts/restaurant";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/manage/{id}/exports/payouts.csv", async ({ user, params: { id }, query: range }) =>
  csvDownload(`nosh-${id}-payouts-${range.from}-to-${range.to}.csv`, await payoutsCsv(user, id, range)),
);
