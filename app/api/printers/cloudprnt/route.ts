import { confirmPrintJob, fetchPrintJob, pollPrinter } from "@/lib/server/printers/jobs";
import { handle } from "@/lib/server/web/handle";
import { said } from "@/lib/shared/words/said";

// A kitchen printer's Star CloudPRNT calls (docs/architecture/kitchen.md "Printers that print by
// themselves"): the poll, the job, the confirmation, with the printer's HTTP Basic credentials.

export const POST = handle("POST /api/printers/cloudprnt", async ({ printer, body }) => pollPrinter(printer, body.statusCode));

export const GET = handle("GET /api/printers/cloudprnt", async ({ printer, query }) => {
  const { body, mediaType } = await fetchPrintJob(printer, query.token, query.type);
  return new Response(new Uint8Array(body), { headers: { "Content-Type": mediaType, "Cache-Control": "private, no-store" } });
});

export const DELETE = handle("DELETE /api/printers/cloudprnt", async ({ printer, query }) => ({
  message: said("done.printJobConfirmed"),
  state: await confirmPrintJob(printer, query.token, query.code),
}));
