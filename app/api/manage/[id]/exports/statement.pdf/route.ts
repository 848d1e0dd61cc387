import { statementPdf } from "@/lib/server/receipts/pdf";
import { monthlyStatement } from "@/lib/server/receipts/statement";
import { pdfDownload } from "@/lib/server/web/csv";
import { handle } from "@/lib/server/web/handle";
import { languageOfRequest } from "@/lib/server/web/request-language";

// In the language of the request, as the statements page it is downloaded from (the receipt's PDF does the same).
export const GET = handle("GET /api/manage/{id}/exports/statement.pdf", async ({ user, params: { id }, query: { month }, request }) =>
  pdfDownload(`nosh-${id}-statement-${month}.pdf`, await statementPdf(await monthlyStatement(user, id, month, languageOfRequest(request)))),
);
