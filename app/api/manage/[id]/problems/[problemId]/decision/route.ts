import { decideAsOwner } from "@/lib/server/problems/decide-as-owner";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/manage/{id}/problems/{problemId}/decision", async ({ user, params, body }) => ({
  problem: await decideAsOwner(user, params.id, params.problemId, body),
}));
