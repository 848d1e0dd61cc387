import { decideAsOwner } from "@/lib/server/problems/decide-as-owner";
import { json, parseBody, parseId, route } from "@/lib/server/web/http";
import { requireUser } from "@/lib/server/web/session";
import { problemDecisionSchema } from "@/lib/validation/problems";

// POST /api/manage/{restaurantId}/problems/{problemId}/decision - { decision: approve_all |
// approve_some | decline, lines?: [{ id, quantity }], reason? } -> { problem }: the owner decides
// within 24 hours. Another restaurant's report: 404; decided already or past 24 hours: 409.
export const POST = route<{ id: string; problemId: string }>(async (request, params) => {
  const id = parseId(params.id);
  const problemId = parseId(params.problemId, "problemId");
  const user = await requireUser();
  const input = await parseBody(request, problemDecisionSchema);
  return json({ problem: await decideAsOwner(user, id, problemId, input) });
});
