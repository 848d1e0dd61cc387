import { getPreferences, savePreferences } from "@/lib/server/notifications/preferences";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/account/notifications", ({ user }) => getPreferences(user));

export const PUT = handle("PUT /api/account/notifications", ({ user, body }) => savePreferences(user, body));
