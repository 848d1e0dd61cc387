import { config } from "@/lib/server/platform/config";
import { clientAddress, json, parseBody, route } from "@/lib/server/web/http";
import { startSession } from "@/lib/server/web/session";
import { logIn, userToJson } from "@/lib/server/accounts/users";
import { loginSchema } from "@/lib/validation/auth";

// POST /api/auth/login - { credential | email | phone_number, password } -> the user, signed in
export const POST = route(async (request) => {
  const input = await parseBody(request, loginSchema);
  const user = await logIn(input, clientAddress(request, config().trustProxy));
  await startSession(user);
  return json(userToJson(user));
});
