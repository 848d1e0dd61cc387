import { collectCash } from "@/lib/server/courier-steps/cash";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/courier/jobs/{id}/cash", async ({ courier, params }) => ({ job: await collectCash(courier, params.id) }));
