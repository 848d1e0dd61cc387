import { absorbDispute, disputeDetail } from "@/lib/server/operators/disputes";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/admin/disputes/{id}", async ({ operator, params }) => ({ dispute: await disputeDetail(operator, params.id) }));

export const POST = handle("POST /api/admin/disputes/{id}", async ({ operator, params, body }) => ({ dispute: await absorbDispute(operator, params.id, body) }));
