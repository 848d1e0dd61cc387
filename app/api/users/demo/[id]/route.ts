import { startSession } from "@/lib/server/web/session";
import { findDemoUser, userToJson } from "@/lib/server/accounts/users";
import { handle } from "@/lib/server/web/handle";

// Other ids, and every id while demo login is off (NOSH_DEMO; off by default in production), are 404.
export const POST = handle("POST /api/users/demo/{id}", async ({ params }) => {
  const user = await findDemoUser(params.id);
  await startSession(user);
  return userToJson(user);
});
