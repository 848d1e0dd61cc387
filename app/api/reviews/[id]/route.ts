import { deleteReview, reviewToJson, updateReview } from "@/lib/server/reviews/reviews";
import { handle } from "@/lib/server/web/handle";
import { said } from "@/lib/shared/words/said";

export const PUT = handle("PUT /api/reviews/{id}", async ({ user, params, body }) => ({ data: reviewToJson(await updateReview(user, params.id, body)) }));

export const DELETE = handle("DELETE /api/reviews/{id}", async ({ user, params }) => {
  await deleteReview(user, params.id);
  return { message: said("done.reviewDeleted") };
});
