import { listRestaurantProblems } from "@/lib/server/problems/list";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/manage/{id}/problems", async ({ user, params, query }) => ({
  problems: await listRestaurantProblems(user, params.id, { open: query.status === "open" }),
}));
