import { z } from "zod";
import { listRestaurantProblems } from "@/lib/server/problems/list";
import { json, parseId, parseQuery, route } from "@/lib/server/web/http";
import { requireUser } from "@/lib/server/web/session";

const querySchema = z.object({ status: z.enum(["open", "all"], { error: "status must be open or all" }).default("all") });

// GET /api/manage/{restaurantId}/problems[?status=open] -> { problems }: the restaurant's problem
// reports, the ones waiting for the owner first (another's restaurant: 404).
export const GET = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  const { status } = parseQuery(request, querySchema);
  return json({ problems: await listRestaurantProblems(user, id, { open: status === "open" }) });
});
