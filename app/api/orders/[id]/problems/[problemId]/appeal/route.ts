import { appealProblem } from "@/lib/server/problems/appeal";
import { json, parseBody, parseId, route } from "@/lib/server/web/http";
import { requireUser } from "@/lib/server/web/session";
import { problemAppealSchema } from "@/lib/validation/problems";

// POST /api/orders/{id}/problems/{problemId}/appeal - { note } -> { problem } (status appealed):
// the customer's one appeal of a declined report, to Nosh support. 409 when not declined or already appealed.
export const POST = route<{ id: string; problemId: string }>(async (request, params) => {
  const id = parseId(params.id);
  const problemId = parseId(params.problemId, "problemId");
  const user = await requireUser();
  const { note } = await parseBody(request, problemAppealSchema);
  return json({ problem: await appealProblem(user, id, problemId, note) });
});
