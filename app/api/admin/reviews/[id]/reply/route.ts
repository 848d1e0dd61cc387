import { actOnReviewReply } from "@/lib/server/operators/review-replies";
import { handle } from "@/lib/server/web/handle";

export const POST = handle("POST /api/admin/reviews/{id}/reply", async ({ operator, params, body }) => ({ review: await actOnReviewReply(operator, params.id, body) }));
