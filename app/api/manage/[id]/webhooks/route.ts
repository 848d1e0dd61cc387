import { addEndpoint, listEndpoints } from "@/lib/server/webhooks/endpoints";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/manage/{id}/webhooks", async ({ user, params }) => ({ endpoints: await listEndpoints(user, params.id) }));

export const POST = handle("POST /api/manage/{id}/webhooks", async ({ user, params, body }) => addEndpoint(user, params.id, body));
