import { updateProfile, userToJson } from "@/lib/server/accounts/users";
import { handle } from "@/lib/server/web/handle";

import { rememberLocale } from "@/lib/server/web/session";

// A saved language is this browser's too (the footer's cookie): the next page is in it.
export const PUT = handle("PUT /api/users/{id}", async ({ user, params, body }) => {
  const saved = await updateProfile(user, params.id, body);
  if (body.language) await rememberLocale(saved.language);
  return userToJson(saved);
});
