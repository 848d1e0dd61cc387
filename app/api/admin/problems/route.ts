import { asOperator } from "@/lib/server/admin/access";
import { listOperatorProblems } from "@/lib/server/problems/list";
import { json, route } from "@/lib/server/web/http";
import { requireUser } from "@/lib/server/web/session";

// GET /api/admin/problems -> { problems }: the operators' queue, escalated and appealed problem
// reports (and pending ones past the owner's 24 hours), oldest first. Non-operators: 403.
export const GET = route(async () => {
  const operator = asOperator(await requireUser());
  return json({ problems: await listOperatorProblems(operator) });
});
