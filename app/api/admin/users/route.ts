import { listAdminUsers } from "@/lib/server/operators/users";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/admin/users", ({ operator, query }) => listAdminUsers(operator, query));
