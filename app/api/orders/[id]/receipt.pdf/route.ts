import { receiptPdf } from "@/lib/server/receipts/pdf";
import { orderReceipt } from "@/lib/server/receipts/receipt";
import { pdfDownload } from "@/lib/server/web/csv";
import { handle } from "@/lib/server/web/handle";
import { languageOfRequest } from "@/lib/server/web/request-language";

// In the language of the request (the person downloading it is the order's customer: the cookie
// their account's language set at sign-in, so the PDF reads as the receipt page they came from).
export const GET = handle("GET /api/orders/{id}/receipt.pdf", async ({ user, params, request }) =>
  pdfDownload(`nosh-receipt-order-${params.id}.pdf`, await receiptPdf(await orderReceipt(user, params.id, languageOfRequest(request)))),
);
