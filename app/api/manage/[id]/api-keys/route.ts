import { createApiKey, listApiKeys } from "@/lib/server/api-keys/keys";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/manage/{id}/api-keys", async ({ user, params }) => ({ apiKeys: await listApiKeys(user, params.id) }));

export const POST = handle("POST /api/manage/{id}/api-keys", async ({ user, params, body }) => createApiKey(user, params.id, body));
