import { revokeApiKey } from "@/lib/server/api-keys/keys";
import { handle } from "@/lib/server/web/handle";
import { said } from "@/lib/shared/words/said";

export const DELETE = handle("DELETE /api/manage/{id}/api-keys/{keyId}", async ({ user, params: { id, keyId } }) => {
  await revokeApiKey(user, id, keyId);
  return { message: said("done.apiKeyRevoked"), id: keyId };
});
