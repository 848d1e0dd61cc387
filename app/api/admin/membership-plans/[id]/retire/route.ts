import { retirePlan } from "@/lib/server/membership/plans";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/admin/membership-plans/{id}/retire", async ({ operator, params }) => retirePlan(operator, params.id));
