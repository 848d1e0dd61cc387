import { answerChange } from "@/lib/server/order-changes/answer";
import { listOwnChanges } from "@/lib/server/order-changes/read";
import { handle } from "@/lib/server/web/handle";

// The customer's answer to a line the kitchen marked unavailable: settled once, however many answers race.
export const PUT = handle("PUT /api/orders/{id}/changes/{changeId}", async ({ user, params, body }) => {
  await answerChange(user, params.id, params.changeId, body.answer, new Date(), body.options);
  return { changes: await listOwnChanges(user, params.id) };
});
