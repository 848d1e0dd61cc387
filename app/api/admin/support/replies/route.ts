import { replyToTicket } from "@/lib/server/support/tickets";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/admin/support/replies", async ({ operator, body }) => ({ ticket: await replyToTicket(operator, body) }));
