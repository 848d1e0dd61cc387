import { listAdminReviews } from "@/lib/server/admin/reviews";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/admin/reviews", ({ operator, query }) => listAdminReviews(operator, query));
