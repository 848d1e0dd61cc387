import { reviewToJson } from "@/lib/server/reviews/reviews";
import { createReply, deleteReply, updateReply } from "@/lib/server/reviews/replies";
import { handle } from "@/lib/server/web/handle";
import { said } from "@/lib/shared/words/said";

export const POST = handle("POST /api/reviews/{id}/reply", async ({ user, params, body }) => ({ data: reviewToJson(await createReply(user, params.id, body)) }));

export const PUT = handle("PUT /api/reviews/{id}/reply", async ({ user, params, body }) => ({ data: reviewToJson(await updateReply(user, params.id, body)) }));

export const DELETE = handle("DELETE /api/reviews/{id}/reply", async ({ user, params }) => {
  await deleteReply(user, params.id);
  return { message: said("done.replyRemoved") };
});
