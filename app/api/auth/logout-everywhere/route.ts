import { LOGGED_OUT_EVERYWHERE } from "@/lib/shared/messages";
import { endAllSessions } from "@/lib/server/web/session";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/auth/logout-everywhere", async ({ user }) => {
  await endAllSessions(user.id);
  return { message: LOGGED_OUT_EVERYWHERE };
});
