import { resolveReconciliationIssue } from "@/lib/server/payouts/reconciliation-issues";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/admin/reconciliation/{id}/resolve", async ({ operator, params, body }) => ({
  issue: await resolveReconciliationIssue(operator, params.id, body.note),
}));
