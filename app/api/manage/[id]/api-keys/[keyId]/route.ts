import { revokeApiKey } from "@/lib/server/api-keys/keys";
import { handle } from "@/lib/server/web/handle";

export const DELETE = handle("DELETE /api/manage/{id}/api-keys/{keyId}", async ({ user, params: { id, keyId } }) => {
  await revokeApiKey(user, id, keyId);
  return { message: "API key revoked", id: keyId };
});
