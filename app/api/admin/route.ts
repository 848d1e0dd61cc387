import { dashboard } from "@/lib/server/operators/dashboard";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/admin", ({ operator }) => dashboard(operator));
