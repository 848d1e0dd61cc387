import { acceptJob } from "@/lib/server/courier-steps/accept";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/courier/jobs/{id}/accept", async ({ courier, params }) => ({ job: await acceptJob(courier, params.id) }));
