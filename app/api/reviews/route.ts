import { createReview, reviewToJson } from "@/lib/server/reviews/reviews";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/reviews", async ({ user, body }) => ({ data: reviewToJson(await createReview(user, body)) }));
