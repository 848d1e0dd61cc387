import { addPrinter, listPrinters } from "@/lib/server/printers/printers";
import { handle } from "@/lib/server/web/handle";
import { publicOrigin } from "@/lib/server/web/public-meta";

export const GET = handle("GET /api/manage/{id}/printers", async ({ user, params }) => listPrinters(user, params.id));

export const POST = handle("POST /api/manage/{id}/printers", async ({ user, params, body }) => ({
  ...(await addPrinter(user, params.id, body)),
  url: new URL("/api/printers/cloudprnt", publicOrigin()).toString(),
}));
