import { requireOperator } from "@/lib/server/admin/access";
import { listAudit } from "@/lib/server/admin/audit-log";
import { json, parseQuery, route } from "@/lib/server/web/http";
import { adminAuditQuerySchema } from "@/lib/validation/admin";

// GET /api/admin/audit?targetType=&targetId=&limit=&offset= - the audit log, newest first (read only): { items, hasMore, nextOffset }
export const GET = route(async (request) => {
  const operator = await requireOperator();
  return json(await listAudit(operator, parseQuery(request, adminAuditQuerySchema)));
});
