import { removePrinter } from "@/lib/server/printers/printers";
import { handle } from "@/lib/server/web/handle";
import { said } from "@/lib/shared/words/said";

export const DELETE = handle("DELETE /api/manage/{id}/printers/{printerId}", async ({ user, params: { id, printerId } }) => {
  await removePrinter(user, id, printerId);
  return { message: said("done.printerRemoved"), id: printerId };
});
