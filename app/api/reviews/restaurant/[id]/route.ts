import { json, parseId, parseQuery, route } from "@/lib/server/web/http";
import { listRestaurantReviews, reviewToJson } from "@/lib/server/reviews/reviews";
import { pagingSchema } from "@/lib/validation/browse";

// GET /api/reviews/restaurant/{id} - the restaurant's reviews, newest first (public)
export const GET = route<{ id: string }>(async (request, params) => {
  const reviews = await listRestaurantReviews(parseId(params.id), parseQuery(request, pagingSchema));
  return json({ data: reviews.map(reviewToJson) });
});
