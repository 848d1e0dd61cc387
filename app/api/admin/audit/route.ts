import { listAudit } from "@/lib/server/operators/audit-log";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/admin/audit", ({ operator, query }) => listAudit(operator, query));
