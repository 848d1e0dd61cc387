import { failedJob } from "@/lib/server/courier-steps/failed";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/courier/jobs/{id}/failed", async ({ courier, params, body }) => ({ job: await failedJob(courier, params.id, body) }));
