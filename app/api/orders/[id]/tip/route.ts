import { getOwnOrder } from "@/lib/server/orders/read";
import { raiseTip } from "@/lib/server/orders/tip-raise";
import { orderToJson } from "@/lib/server/orders/to-json";
import { handle } from "@/lib/server/web/handle";

// A raise to the same tip happens once (the raise's own key at the provider and in the ledger); 402 on a decline (nothing changes),
// or the 3-D Secure challenge's 402 (then the same tip with `paymentIntent`).
export const POST = handle("POST /api/orders/{id}/tip", async ({ user, params, body }) => {
  await raiseTip(user, params.id, body.tip, new Date(), { paymentMethodId: body.paymentMethodId, paymentIntent: body.paymentIntent });
  return orderToJson(await getOwnOrder(user, params.id));
});
