import { listAdminDeliveries } from "@/lib/server/operators/deliveries";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/admin/deliveries", ({ operator, query }) => listAdminDeliveries(operator, query));
