import { listAdminCouriers } from "@/lib/server/operators/couriers";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/admin/couriers", ({ operator, query }) => listAdminCouriers(operator, query));
