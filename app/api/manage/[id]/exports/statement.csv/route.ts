import { monthlyStatement } from "@/lib/server/receipts/statement";
import { statementCsv } from "@/lib/server/receipts/statement-csv";
import { csvDownload } from "@/lib/server/web/csv";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/manage/{id}/exports/statement.csv", async ({ user, params: { id }, query: { month } }) => {
  const statement = await monthlyStatement(user, id, month);
  return csvDownload(
    `nosh-${id}-statement-${month}.csv`,
    (async function* () {
      yield* statementCsv(statement);
    })(),
  );
});
