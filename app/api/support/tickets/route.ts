import { openTicket } from "@/lib/server/support/tickets";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/support/tickets", async ({ user, body }) => ({ ticket: await openTicket(user, body) }));
