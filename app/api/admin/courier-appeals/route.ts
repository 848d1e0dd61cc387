import { listAppeals } from "@/lib/server/courier-record/appeals";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/admin/courier-appeals", ({ operator, query }) => listAppeals(operator, query));
