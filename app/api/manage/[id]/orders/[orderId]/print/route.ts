import { reprintOrder } from "@/lib/server/printers/jobs";
import { handle } from "@/lib/server/web/handle";
import { said } from "@/lib/shared/words/said";

export const POST = handle("POST /api/manage/{id}/orders/{orderId}/print", async ({ user, params: { id, orderId } }) => {
  const queued = await reprintOrder(user, id, orderId);
  return { message: said(queued ? "done.ticketQueued" : "done.noKitchenPrinter"), queued };
});
