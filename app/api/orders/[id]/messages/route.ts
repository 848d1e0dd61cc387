import { json, parseBody, parseId, parseQuery, route } from "@/lib/server/web/http";
import { orderMessages, postOrderMessage } from "@/lib/server/dispatch/messages";
import { requireUser } from "@/lib/server/web/session";
import { pagingSchema } from "@/lib/validation/browse";
import { messageInputSchema } from "@/lib/validation/delivery-messages";

// GET /api/orders/{id}/messages?limit=&offset= -> { messages, open, closedReason }: the customer's
// thread with their courier, oldest first; Nosh operators read it too. POST { body } -> 201
// { message }: while a courier holds the delivery; 409 before one has accepted and after it
// ended, 429 past MESSAGES_PER_MINUTE. Anyone else's order: 404 (docs/architecture/couriers.md "Messages").
export const GET = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const page = parseQuery(request, pagingSchema);
  const user = await requireUser();
  return json(await orderMessages(user, id, page));
});

export const POST = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  const { body } = await parseBody(request, messageInputSchema);
  return json({ message: await postOrderMessage(user, id, body) }, 201);
});
