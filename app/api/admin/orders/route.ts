import { listAdminOrders } from "@/lib/server/operators/orders";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/admin/orders", ({ operator, query }) => listAdminOrders(operator, query));
