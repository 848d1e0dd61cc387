import { json, route } from "@/lib/server/http";
import { startSession } from "@/lib/server/session";
import { createGuest, userToJson } from "@/lib/server/users";

// POST /api/auth/guest - a new guest account (wallet 0), signed in
export const POST = route(async () => {
  const user = await createGuest();
  await startSession(user);
  return json(userToJson(user), 201);
});
