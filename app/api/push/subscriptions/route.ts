import { subscribePush } from "@/lib/server/notifications/push-subscriptions";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/push/subscriptions", async ({ request, user, body }) => {
  const { subscription } = await subscribePush(user, body, request.headers.get("user-agent"));
  return { subscription };
});
