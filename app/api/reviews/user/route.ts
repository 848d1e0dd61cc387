import { listUserReviews, reviewToJson } from "@/lib/server/reviews/reviews";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/reviews/user", async ({ user, query }) => ({ data: (await listUserReviews(user, query)).map(reviewToJson) }));
