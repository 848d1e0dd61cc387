import { receiptPdf } from "@/lib/server/receipts/pdf";
import { orderReceipt } from "@/lib/server/receipts/receipt";
import { pdfDownload } from "@/lib/server/web/csv";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/orders/{id}/receipt.pdf", async ({ user, params }) =>
  pdfDownload(`nosh-receipt-order-${params.id}.pdf`, await receiptPdf(await orderReceipt(user, params.id))),
);
