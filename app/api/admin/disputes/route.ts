import { listDisputes } from "@/lib/server/operators/disputes";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/admin/disputes", ({ operator, query }) => listDisputes(operator, query));
