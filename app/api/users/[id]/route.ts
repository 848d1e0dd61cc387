import { json, parseBody, parseId, route } from "@/lib/server/web/http";
import { requireUser } from "@/lib/server/web/session";
import { updateProfile, userToJson } from "@/lib/server/accounts/users";
import { profileUpdateSchema } from "@/lib/validation/profile";

// PUT /api/users/{id} - the caller's own profile, partial update -> the full user
export const PUT = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  const input = await parseBody(request, profileUpdateSchema);
  return json(userToJson(await updateProfile(user, id, input)));
});
