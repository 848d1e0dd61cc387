import { openOrderTicket } from "@/lib/server/support/tickets";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/orders/{id}/support", async ({ params, body }) => ({ ticket: await openOrderTicket(params.id, body) }));
