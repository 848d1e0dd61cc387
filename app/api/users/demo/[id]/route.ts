import { json, parseId, route } from "@/lib/server/web/http";
import { startSession } from "@/lib/server/web/session";
import { findDemoUser, userToJson } from "@/lib/server/accounts/users";

// POST /api/users/demo/{id} - sign in as a seeded demo account; other ids, and every id while
// demo login is off (NOSH_DEMO; off by default in production), are 404
export const POST = route<{ id: string }>(async (_request, params) => {
  const user = await findDemoUser(parseId(params.id));
  await startSession(user);
  return json(userToJson(user));
});
