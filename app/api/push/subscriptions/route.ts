import { json, parseBody, route } from "@/lib/server/web/http";
import { subscribePush } from "@/lib/server/notifications/push-subscriptions";
import { requireUser } from "@/lib/server/web/session";
import { pushSubscriptionSchema } from "@/lib/validation/push";

// POST /api/push/subscriptions - a browser's PushSubscription ({ endpoint, keys: { p256dh, auth } }) for the caller -> 201 { subscription } (a known endpoint: moved to the caller, the same id)
export const POST = route(async (request) => {
  const user = await requireUser();
  const input = await parseBody(request, pushSubscriptionSchema);
  const { subscription } = await subscribePush(user, input, request.headers.get("user-agent"));
  return json({ subscription }, 201);
});
