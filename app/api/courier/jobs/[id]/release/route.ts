import { releaseJob } from "@/lib/server/courier-steps/release";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/courier/jobs/{id}/release", async ({ courier, params }) => ({ job: await releaseJob(courier, params.id) }));
