import { requireOperator } from "@/lib/server/admin/access";
import { listAdminReviews } from "@/lib/server/admin/reviews";
import { json, parseQuery, route } from "@/lib/server/web/http";
import { adminReviewsQuerySchema } from "@/lib/validation/admin";

// GET /api/admin/reviews?q=&status=visible|hidden&limit=&offset= -> { items, hasMore, nextOffset }
export const GET = route(async (request) => {
  const operator = await requireOperator();
  return json(await listAdminReviews(operator, parseQuery(request, adminReviewsQuerySchema)));
});
