import { listAdminOrders } from "@/lib/server/admin/orders";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/admin/orders", ({ operator, query }) => listAdminOrders(operator, query));
