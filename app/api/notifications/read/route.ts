import { json, parseBody, route } from "@/lib/server/web/http";
import { markRead } from "@/lib/server/notifications/read";
import { requireUser } from "@/lib/server/web/session";
import { markReadSchema } from "@/lib/validation/notifications";

// POST /api/notifications/read - { ids: [...] } or { all: true }: marks the caller's notifications read; answers { unread }
export const POST = route(async (request) => {
  const user = await requireUser();
  const input = await parseBody(request, markReadSchema);
  return json(await markRead(user, input));
});
