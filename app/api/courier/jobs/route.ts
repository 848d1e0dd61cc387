import { courierJobs } from "@/lib/server/dispatch/read";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/courier/jobs", async ({ courier }) => ({ jobs: await courierJobs(courier.id) }));
