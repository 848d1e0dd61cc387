import { submitEvidence } from "@/lib/server/operators/disputes";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/admin/disputes/{id}/evidence", async ({ operator, params, body }) => ({
  dispute: await submitEvidence(operator, params.id, body),
}));
