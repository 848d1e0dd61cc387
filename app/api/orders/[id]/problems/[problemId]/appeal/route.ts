import { appealProblem } from "@/lib/server/problems/appeal";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/orders/{id}/problems/{problemId}/appeal", async ({ user, params, body }) => ({
  problem: await appealProblem(user, params.id, params.problemId, body.note),
}));
