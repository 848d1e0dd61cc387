import { json, route } from "@/lib/server/web/http";
import { endSession } from "@/lib/server/web/session";

// GET /api/auth/logout - ends this session: a copy of its cookie stops working, the user's
// other devices stay signed in (POST /api/auth/logout-everywhere ends them all). The contract
// pins this as a GET; proxy.ts refuses it from another site, like a mutating call.
export const GET = route(async () => {
  await endSession();
  return json({ message: "Logged out" });
});
