import { deleteReview, reviewToJson, updateReview } from "@/lib/server/reviews/reviews";
import { REVIEW_DELETED } from "@/lib/shared/words/messages";
import { handle } from "@/lib/server/web/handle";

export const PUT = handle("PUT /api/reviews/{id}", async ({ user, params, body }) => ({ data: reviewToJson(await updateReview(user, params.id, body)) }));

export const DELETE = handle("DELETE /api/reviews/{id}", async ({ user, params }) => {
  await deleteReview(user, params.id);
  return { message: REVIEW_DELETED };
});
