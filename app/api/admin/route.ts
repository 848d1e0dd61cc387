import { dashboard } from "@/lib/server/admin/dashboard";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/admin", ({ operator }) => dashboard(operator));
