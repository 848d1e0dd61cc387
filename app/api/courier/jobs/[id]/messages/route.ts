import { jobMessages, postJobMessage } from "@/lib/server/dispatch/messages";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/courier/jobs/{id}/messages", ({ courier, params, query }) => jobMessages(courier, params.id, query));

export const POST = handle("POST /api/courier/jobs/{id}/messages", async ({ courier, params, body }) => ({
  message: await postJobMessage(courier, params.id, body.body),
}));
