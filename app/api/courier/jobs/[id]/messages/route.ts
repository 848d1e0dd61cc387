import { json, parseBody, parseId, parseQuery, route } from "@/lib/server/web/http";
import { asCourier } from "@/lib/server/dispatch/courier";
import { jobMessages, postJobMessage } from "@/lib/server/dispatch/messages";
import { requireUser } from "@/lib/server/web/session";
import { pagingSchema } from "@/lib/validation/browse";
import { messageInputSchema } from "@/lib/validation/delivery-messages";

// GET /api/courier/jobs/{id}/messages?limit=&offset= -> { messages, open, closedReason }: the
// courier's thread with the customer of a job they hold (or held), oldest first. POST { body } ->
// 201 { message }: while they hold it and it is not over; 409 after, 429 past MESSAGES_PER_MINUTE.
// An offer, or another courier's job: 404 (docs/architecture/couriers.md "Messages").
export const GET = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const page = parseQuery(request, pagingSchema);
  const courier = asCourier(await requireUser());
  return json(await jobMessages(courier, id, page));
});

export const POST = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const courier = asCourier(await requireUser());
  const { body } = await parseBody(request, messageInputSchema);
  return json({ message: await postJobMessage(courier, id, body) }, 201);
});
