import { reorderLines } from "@/lib/server/checkout";
import { db } from "@/lib/server/db";
import { json, parseId, route } from "@/lib/server/http";
import { createOrder, orderToJson } from "@/lib/server/orders";
import { requireUser } from "@/lib/server/session";

// POST /api/orders/{id}/reorder - a new Active order from a past order's lines at today's
// prices -> 201 { order, changes: { unavailable, repriced } }
export const POST = route<{ id: string }>(async (_request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  const { restaurantId, items, changes } = await reorderLines(user, id);
  const order = await db.$transaction((tx) => createOrder(tx, user, { restaurantId, items }));
  return json({ order: orderToJson(order), changes }, 201);
});
