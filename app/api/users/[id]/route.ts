import { updateProfile, userToJson } from "@/lib/server/accounts/users";
import { handle } from "@/lib/server/web/handle";

export const PUT = handle("PUT /api/users/{id}", async ({ user, params, body }) => userToJson(await updateProfile(user, params.id, body)));
