import { json, route } from "@/lib/server/web/http";
import { endAllSessions, requireUser } from "@/lib/server/web/session";
import { LOGGED_OUT_EVERYWHERE } from "@/lib/shared/messages";

// POST /api/auth/logout-everywhere - ends every session of the signed-in user, this one included
export const POST = route(async () => {
  const user = await requireUser();
  await endAllSessions(user.id);
  return json({ message: LOGGED_OUT_EVERYWHERE });
});
