import { decideAsOperator } from "@/lib/server/problems/decide-as-operator";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/admin/problems/{problemId}/decision", async ({ operator, params, body }) => ({
  problem: await decideAsOperator(operator, params.problemId, body),
}));
