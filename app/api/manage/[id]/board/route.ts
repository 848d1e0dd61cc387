import { json, parseId, route } from "@/lib/server/http";
import { getBoard } from "@/lib/server/orders/incoming";
import { incomingOrderToJson } from "@/lib/server/orders/to-json";
import { requireUser } from "@/lib/server/session";

// GET /api/manage/{id}/board - the owner's order board: { orders: open orders, oldest first,
// doneToday: closed since midnight, newest first }. Overdue orders are expired first.
export const GET = route<{ id: string }>(async (_request, params) => {
  const id = parseId(params.id);
  const user = await requireUser();
  const { orders, doneToday } = await getBoard(user, id);
  return json({ orders: orders.map(incomingOrderToJson), doneToday: doneToday.map(incomingOrderToJson) });
});
