import { json, parseBody, route } from "@/lib/server/web/http";
import { getPreferences, savePreferences } from "@/lib/server/notifications/preferences";
import { requireUser } from "@/lib/server/web/session";
import { preferencesSchema } from "@/lib/validation/notifications";

// GET /api/account/notifications - the caller's notification choices, per kind and channel (defaults included)
export const GET = route(async () => json(await getPreferences(await requireUser())));

// PUT /api/account/notifications - { preferences: [{ kind, channel, enabled }] }: changes those choices; answers them all
export const PUT = route(async (request) => {
  const user = await requireUser();
  const input = await parseBody(request, preferencesSchema);
  return json(await savePreferences(user, input));
});
