import { json, parseBody, parseId, route } from "@/lib/server/web/http";
import { deleteReview, reviewToJson, updateReview } from "@/lib/server/reviews/reviews";
import { requireUser } from "@/lib/server/web/session";
import { updateReviewSchema } from "@/lib/validation/review";
import { REVIEW_DELETED } from "@/lib/shared/messages";

// PUT /api/reviews/{id} - the author edits text or ratings -> { data }; anyone else: 404
export const PUT = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  const input = await parseBody(request, updateReviewSchema);
  return json({ data: reviewToJson(await updateReview(user, id, input)) });
});

// DELETE /api/reviews/{id} - the author deletes it; anyone else: 404
export const DELETE = route<{ id: string }>(async (_request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  await deleteReview(user, id);
  return json({ message: REVIEW_DELETED });
});
