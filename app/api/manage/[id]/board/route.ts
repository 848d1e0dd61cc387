import { getBoard } from "@/lib/server/orders/incoming";
import { incomingOrderToJson } from "@/lib/server/orders/to-json";
import { withActions } from "@/lib/server/team/order-actions";
import { handle } from "@/lib/server/web/handle";

export const GET = handle("GET /api/manage/{id}/board", async ({ user, params, query }) => {
  const { orders, openCounts, doneToday, startCookingMinutes } = await getBoard(user, params.id, new Date(), query);
  return {
    orders: await withActions(orders.map(incomingOrderToJson)),
    openCounts,
    doneToday: await withActions(doneToday.map(incomingOrderToJson)),
    startCookingMinutes,
  };
});
