import { orderMessages, postOrderMessage } from "@/lib/server/dispatch/messages";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/orders/{id}/messages", ({ user, params, query }) => orderMessages(user, params.id, query));

export const POST = handle("POST /api/orders/{id}/messages", async ({ user, params, body }) => ({ message: await postOrderMessage(user, params.id, body.body) }));
