import { unsubscribePush } from "@/lib/server/notifications/push-subscriptions";
import { handle } from "@/lib/server/web/handle";
import { said } from "@/lib/shared/words/said";

export const DELETE = handle("DELETE /api/push/subscriptions/{id}", async ({ user, params: { id } }) => {
  await unsubscribePush(user, id);
  return { message: said("done.pushSubscriptionDeleted"), id };
});
