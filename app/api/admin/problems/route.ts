import { listOperatorProblems } from "@/lib/server/problems/list";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/admin/problems", async ({ operator }) => ({ problems: await listOperatorProblems(operator) }));
