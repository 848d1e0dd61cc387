import { json, route } from "@/lib/server/http";
import { endAllSessions, requireUser } from "@/lib/server/session";

// POST /api/auth/logout-everywhere - ends every session of the signed-in user, this one included
export const POST = route(async () => {
  const user = await requireUser();
  await endAllSessions(user.id);
  return json({ message: "Logged out on every device" });
});
