import { disputeDetail } from "@/lib/server/admin/disputes";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/admin/disputes/{id}", async ({ operator, params }) => ({ dispute: await disputeDetail(operator, params.id) }));
