import { statementPdf } from "@/lib/server/receipts/pdf";
import { monthlyStatement } from "@/lib/server/receipts/statement";
import { pdfDownload } from "@/lib/server/web/csv";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/manage/{id}/exports/statement.pdf", async ({ user, params: { id }, query: { month } }) =>
  pdfDownload(`nosh-${id}-statement-${month}.pdf`, await statementPdf(await monthlyStatement(user, id, month))),
);
