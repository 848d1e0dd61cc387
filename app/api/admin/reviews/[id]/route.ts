import { requireOperator } from "@/lib/server/admin/access";
import { actOnReview } from "@/lib/server/admin/reviews";
import { json, parseBody, parseId, route } from "@/lib/server/web/http";
import { reviewActionSchema } from "@/lib/validation/admin";

// POST /api/admin/reviews/{id} { action: hide|restore, reason } -> { review }: the rating recomputed in the same transaction.
export const POST = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const operator = await requireOperator();
  const input = await parseBody(request, reviewActionSchema);
  return json({ review: await actOnReview(operator, id, input) });
});
