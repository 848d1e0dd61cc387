import { createPlan, plansReport } from "@/lib/server/membership/plans";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/admin/membership-plans", async () => plansReport());

export const POST = handle("POST /api/admin/membership-plans", async ({ operator, body }) => createPlan(operator, body));
