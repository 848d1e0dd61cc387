import { declineJob } from "@/lib/server/courier-steps/decline";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/courier/jobs/{id}/decline", async ({ courier, params }) => ({ job: await declineJob(courier, params.id) }));
