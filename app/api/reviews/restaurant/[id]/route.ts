import { listRestaurantReviews, reviewToJson } from "@/lib/server/reviews/reviews";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/reviews/restaurant/{id}", async ({ params, query }) => ({ data: (await listRestaurantReviews(params.id, query)).map(reviewToJson) }));
