import { config } from "@/lib/server/config";
import { clientAddress, json, route } from "@/lib/server/http";
import { startSession } from "@/lib/server/session";
import { createGuest, userToJson } from "@/lib/server/users";

// POST /api/auth/guest - a new guest account (wallet 0), signed in; throttled per address
export const POST = route(async (request) => {
  const user = await createGuest(clientAddress(request, config().trustProxy));
  await startSession(user);
  return json(userToJson(user), 201);
});
