import { json, parseId, parseQuery, route } from "@/lib/server/web/http";
import { getBoard } from "@/lib/server/orders/incoming";
import { incomingOrderToJson } from "@/lib/server/orders/to-json";
import { requireUser } from "@/lib/server/web/session";
import { boardPagingSchema } from "@/lib/validation/browse";

// GET /api/manage/{id}/board?offset=&limit= - the owner's order board: { orders: a page of the
// open orders, oldest first (BOARD_PAGE_SIZE by default), openCounts: how many are open at each
// stage, doneToday: closed since midnight, newest first }. Overdue orders are expired first.
export const GET = route<{ id: string }>(async (request, params) => {
  const id = parseId(params.id);
  const page = parseQuery(request, boardPagingSchema);
  const user = await requireUser();
  const { orders, openCounts, doneToday } = await getBoard(user, id, new Date(), page);
  return json({ orders: orders.map(incomingOrderToJson), openCounts, doneToday: doneToday.map(incomingOrderToJson) });
});
