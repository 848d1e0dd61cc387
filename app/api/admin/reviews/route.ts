import { listAdminReviews } from "@/lib/server/operators/reviews";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/admin/reviews", ({ operator, query }) => listAdminReviews(operator, query));
