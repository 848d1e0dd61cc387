import { json, parseQuery, route } from "@/lib/server/web/http";
import { listUserReviews, reviewToJson } from "@/lib/server/reviews/reviews";
import { requireUser } from "@/lib/server/web/session";
import { pagingSchema } from "@/lib/validation/browse";

// GET /api/reviews/user - the caller's reviews, newest first -> { data }
export const GET = route(async (request) => {
  const paging = parseQuery(request, pagingSchema);
  const user = await requireUser();
  return json({ data: (await listUserReviews(user, paging)).map(reviewToJson) });
});
