import { asOperator } from "@/lib/server/admin/access";
import { decideAsOperator } from "@/lib/server/problems/decide-as-operator";
import { json, parseBody, parseId, route } from "@/lib/server/web/http";
import { requireUser } from "@/lib/server/web/session";
import { problemDecisionSchema } from "@/lib/validation/problems";

// POST /api/admin/problems/{problemId}/decision - the owner's decision body -> { problem }: an
// operator decides an escalated or appealed report, recorded in the audit log. Non-operators: 403;
// the operator's own restaurant or order: 403; not in the queue: 409.
export const POST = route<{ problemId: string }>(async (request, params) => {
  const operator = asOperator(await requireUser());
  const problemId = parseId(params.problemId, "problemId");
  const input = await parseBody(request, problemDecisionSchema);
  return json({ problem: await decideAsOperator(operator, problemId, input) });
});
