import { json, parseBody, route } from "@/lib/server/web/http";
import { createReview, reviewToJson } from "@/lib/server/reviews/reviews";
import { requireUser } from "@/lib/server/web/session";
import { createReviewSchema } from "@/lib/validation/review";

// POST /api/reviews/ - { restaurant_id, order_id, review, order_rating, restaurant_rating } -> 201 { data }
export const POST = route(async (request) => {
  const user = await requireUser();
  const input = await parseBody(request, createReviewSchema);
  return json({ data: reviewToJson(await createReview(user, input)) }, 201);
});
