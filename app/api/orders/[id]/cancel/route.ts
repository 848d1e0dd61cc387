import { cancelSubmittedOrder } from "@/lib/server/checkout";
import { db } from "@/lib/server/db";
import { json, parseId, route } from "@/lib/server/http";
import { orderToJson } from "@/lib/server/orders";
import { requireUser } from "@/lib/server/session";

// PUT /api/orders/{id}/cancel - the customer cancels a Submitted order; wallet payments refunded
export const PUT = route<{ id: string }>(async (_request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  const order = await db.$transaction((tx) => cancelSubmittedOrder(tx, { id, userId: user.id }));
  return json(orderToJson(order));
});
