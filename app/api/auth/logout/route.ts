import { json, route } from "@/lib/server/http";
import { endSession, getCurrentUser } from "@/lib/server/session";
import { revokeSessions } from "@/lib/server/users";

// GET /api/auth/logout - ends the session; the old cookie stops working everywhere
export const GET = route(async () => {
  const user = await getCurrentUser();
  if (user) await revokeSessions(user.id);
  await endSession();
  return json({ message: "Logged out" });
});
