import { requireOperator } from "@/lib/server/admin/access";
import { dashboard } from "@/lib/server/admin/dashboard";
import { json, route } from "@/lib/server/web/http";

// GET /api/admin - the operator's dashboard: { tiles: [{ key, label, value, href, parts? }], at } (docs/architecture/operator.md)
export const GET = route(async () => json(await dashboard(await requireOperator())));
