import { actOnReview } from "@/lib/server/operators/reviews";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/admin/reviews/{id}", async ({ operator, params, body }) => ({ review: await actOnReview(operator, params.id, body) }));
