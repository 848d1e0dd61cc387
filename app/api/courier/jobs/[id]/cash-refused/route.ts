import { refuseCash } from "@/lib/server/courier-steps/cash";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/courier/jobs/{id}/cash-refused", async ({ courier, params }) => ({ job: await refuseCash(courier, params.id) }));
