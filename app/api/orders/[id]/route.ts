import { abandonOrder } from "@/lib/server/orders/abandon";
import { getReadableOrder } from "@/lib/server/orders/read";
import { handle } from "@/lib/server/web/handle";
import { languageOfRequest } from "@/lib/server/web/request-language";
import { said } from "@/lib/shared/words/said";

export const GET = handle("GET /api/orders/{id}", ({ request, user, params }) => getReadableOrder(user, params.id, languageOfRequest(request)));

export const DELETE = handle("DELETE /api/orders/{id}", async ({ user, params }) => {
  await abandonOrder(user, params.id);
  return { message: said("done.orderRemoved") };
});
