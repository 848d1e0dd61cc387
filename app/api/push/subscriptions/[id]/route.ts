import { unsubscribePush } from "@/lib/server/notifications/push-subscriptions";
import { handle } from "@/lib/server/web/handle";

export const DELETE = handle("DELETE /api/push/subscriptions/{id}", async ({ user, params: { id } }) => {
  await unsubscribePush(user, id);
  return { message: "Push subscription deleted", id };
});
