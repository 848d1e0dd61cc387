import { removeTextNumber, updateTextNumber } from "@/lib/server/texts/numbers";
import { handle } from "@/lib/server/web/handle";
import { said } from "@/lib/shared/words/said";

export const PUT = handle("PUT /api/account/texts/{id}", async ({ user, params: { id }, body }) => ({ number: await updateTextNumber(user, id, body) }));

export const DELETE = handle("DELETE /api/account/texts/{id}", async ({ user, params: { id } }) => {
  await removeTextNumber(user, id);
  return { message: said("done.numberRemoved"), id };
});
