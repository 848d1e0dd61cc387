import { json, parseId, route } from "@/lib/server/web/http";
import { unsubscribePush } from "@/lib/server/notifications/push-subscriptions";
import { requireUser } from "@/lib/server/web/session";

// DELETE /api/push/subscriptions/{id} - the caller's own subscription -> { message, id }; anyone else's: 404
export const DELETE = route<{ id: string }>(async (_request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  await unsubscribePush(user, id);
  return json({ message: "Push subscription deleted", id });
});
