import { config } from "@/lib/server/platform/config";
import { clientAddress, json, parseBody, route } from "@/lib/server/web/http";
import { getCurrentUser, startSession } from "@/lib/server/web/session";
import { signUp, userToJson } from "@/lib/server/accounts/users";
import { signupSchema } from "@/lib/validation/auth";

// POST /api/auth/signup - the signup form -> 201 the new user (wallet 999.99), signed in.
// From a guest session the guest account itself becomes the full account. Throttled per address.
export const POST = route(async (request) => {
  const input = await parseBody(request, signupSchema);
  const user = await signUp(input, await getCurrentUser(), clientAddress(request, config().trustProxy));
  await startSession(user);
  return json(userToJson(user), 201);
});
