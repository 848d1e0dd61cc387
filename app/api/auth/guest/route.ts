import { config } from "@/lib/server/platform/config";
import { clientAddress, json, route } from "@/lib/server/web/http";
import { startSession } from "@/lib/server/web/session";
import { createGuest, userToJson } from "@/lib/server/accounts/users";

// POST /api/auth/guest - a new guest account (wallet 0), signed in; throttled per address
export const POST = route(async (request) => {
  const user = await createGuest(clientAddress(request, config().trustProxy));
  await startSession(user);
  return json(userToJson(user), 201);
});
