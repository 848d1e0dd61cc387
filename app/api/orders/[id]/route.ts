import { abandonOrder } from "@/lib/server/orders/abandon";
import { json, parseId, route } from "@/lib/server/web/http";
import { getReadableOrder } from "@/lib/server/orders/read";
import { requireUser } from "@/lib/server/web/session";

// GET /api/orders/{id} - the caller's own order, or a group order they took part in, read-only
// (anyone else's is a 404)
export const GET = route<{ id: string }>(async (_request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  return json(await getReadableOrder(user, id));
});

// DELETE /api/orders/{id} - abandon an order still at checkout (Active): it is deleted
export const DELETE = route<{ id: string }>(async (_request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  await abandonOrder(user, id);
  return json({ message: "Order removed" });
});
